import { Link } from "react-router";
import { mayOpen } from "~/staff/access";
import { useAdminPerson } from "~/staff/admin-layout/index.ui";
import { auditHistoryHref } from "../rules/audit-filter";

/**
 * "History": the record's own entries on the Audit screen. Shown only to a person who may
 * open that screen (owners: staff/access's table decides), so it never leads to a refusal;
 * for anyone else, nothing. `entity` is the kind the services write ("story", "fund").
 *
 * - `atTopOfForm`: its own line above the record's edit form, to the right.
 * - `of`: in a row's actions, beside Edit or Delete; named "History of …" among the rows.
 * - `label`: where a row already has a History of its own (a gift's changes), "Audit trail".
 */
export function AuditHistory({
  entity,
  entityId,
  atTopOfForm = false,
  of,
  label = "History",
}: {
  entity: string;
  entityId: string | number;
  atTopOfForm?: boolean;
  of?: string;
  label?: "History" | "Audit trail";
}) {
  const person = useAdminPerson();
  if (!person || !mayOpen(person.roles, "/admin/audit")) return null;
  const link = (
    <Link
      to={auditHistoryHref(entity, entityId)}
      className={
        of === undefined
          ? "text-sm font-medium text-brand-700 underline"
          : "ml-4 font-semibold text-brand-700 hover:underline"
      }
      aria-label={of === undefined ? undefined : `${label} of ${of}`}
    >
      {label}
    </Link>
  );
  return atTopOfForm ? <p className="mb-3 text-right">{link}</p> : link;
}
