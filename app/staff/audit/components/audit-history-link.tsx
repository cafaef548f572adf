import { Link } from "react-router";
import { mayOpen } from "~/staff/access";
import { useAdminPerson } from "~/staff/admin-layout/index.ui";
import { auditHistoryHref } from "../rules/audit-filter";

/**
 * "History": the record's own entries on the Audit screen. Shown only to a person who may
 * open that screen (owners: staff/access's table decides), so it never leads to a refusal;
 * for anyone else, nothing. `entity` is the kind the services write ("story", "fund").
 */
export function AuditHistory({
  entity,
  entityId,
  className = "text-sm font-medium text-brand-700 underline",
  label = "History",
  atTopOfForm = false,
}: {
  entity: string;
  entityId: string | number;
  className?: string;
  label?: string;
  /** Its own line above an edit form, to the right. */
  atTopOfForm?: boolean;
}) {
  const person = useAdminPerson();
  if (!person || !mayOpen(person.roles, "/admin/audit")) return null;
  const link = (
    <Link to={auditHistoryHref(entity, entityId)} className={className}>
      {label}
    </Link>
  );
  return atTopOfForm ? <p className="mb-3 text-right">{link}</p> : link;
}
