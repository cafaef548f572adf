import { Link } from "react-router";
import { auditHistoryHref } from "../rules/audit-filter";

/**
 * "History": the record's own entries on the Audit screen (owners only; the screen refuses
 * anyone else). `entity` is the kind the services write ("story", "fund").
 */
export function AuditHistory({
  entity,
  entityId,
  className = "text-sm font-medium text-brand-700 underline",
  label = "History",
}: {
  entity: string;
  entityId: string | number;
  className?: string;
  label?: string;
}) {
  return (
    <Link to={auditHistoryHref(entity, entityId)} className={className}>
      {label}
    </Link>
  );
}
