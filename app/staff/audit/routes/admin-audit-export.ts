import type { Route } from "./+types/admin-audit-export";
import { requireRecentPassword } from "~/staff/two-factor/index.server";
import { csvResponse } from "~/lib/csv.server";
import { auditFilterQuery, readAuditFilter } from "../rules/audit-filter";
import { auditForExport, type AuditEntry } from "../server/audit-list.server";
import { recordAudit } from "../server/audit-trail.server";
import { changesText } from "../rules/changes-text";

/** audit.csv: every entry the Audit screen's filter matches, newest first, streamed; the export is itself recorded. */
export async function loader({ request, url }: Route.LoaderArgs) {
  // Who did what, from which address and browser, leaves the site: the password must have been given in the
  // last 10 minutes. Once it is confirmed the owner is brought back to the Audit screen, where the export downloads.
  await requireRecentPassword(request, url, `/admin/audit${url.search}`);
  const { filter, problem } = readAuditFilter(url.searchParams);
  if (problem) return new Response(problem, { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const query = auditFilterQuery(filter).toString();
  await recordAudit({ action: "export", entity: "audit", summary: `Audit trail CSV${query ? ` (${query})` : ""}` });
  return csvResponse<AuditEntry>(
    "audit.csv",
    [
      { header: "ID", value: (entry) => entry.id },
      { header: "When (UTC)", value: (entry) => entry.at },
      { header: "Person", value: (entry) => entry.actor_name },
      { header: "Person ID", value: (entry) => entry.actor_id ?? "" },
      { header: "Action", value: (entry) => entry.action },
      { header: "Kind", value: (entry) => entry.entity },
      { header: "Record", value: (entry) => entry.entity_id },
      { header: "Summary", value: (entry) => entry.summary },
      { header: "Changes", value: (entry) => changesText(entry.changes) },
      { header: "Address", value: (entry) => entry.address },
      { header: "Browser", value: (entry) => entry.user_agent },
    ],
    auditForExport(filter),
  );
}
