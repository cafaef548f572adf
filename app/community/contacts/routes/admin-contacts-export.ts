import type { Route } from "./+types/admin-contacts-export";
import { requireRecentPassword } from "~/staff/two-factor/index.server";
import { csvResponse } from "~/lib/csv.server";
import { exportSummary, recordAudit } from "~/staff/audit/index.server";
import { contactsInBatches, readContactFilter, type ContactSubmission } from "../server/contacts.server";

/** contacts.csv: every message the Contacts screen's search and status filter match, streamed. */
export async function loader({ request, url }: Route.LoaderArgs) {
  // Donor data leaves the site: the password must have been given in the last 10 minutes. Once it is
  // confirmed the person is brought back to the list they were exporting, where Export CSV now downloads.
  await requireRecentPassword(request, url, `/admin/contacts${url.search}`);
  const { filter, problem } = readContactFilter(url.searchParams);
  if (problem) return new Response(problem, { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await recordAudit({ action: "export", entity: "contact", summary: exportSummary("contacts.csv", url) });
  return csvResponse<ContactSubmission>(
    "contacts.csv",
    [
      { header: "ID", value: (contact) => contact.id },
      { header: "Name", value: (contact) => contact.name },
      { header: "Email", value: (contact) => contact.email },
      { header: "Message", value: (contact) => contact.message },
      { header: "Date", value: (contact) => contact.submitted_at },
      { header: "Status", value: (contact) => (contact.resolved ? "Resolved" : "Pending") },
    ],
    contactsInBatches(filter),
  );
}
