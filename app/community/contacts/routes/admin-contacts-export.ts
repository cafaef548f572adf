import type { Route } from "./+types/admin-contacts-export";
import { csvResponse } from "~/lib/csv.server";
import { exportSummary, recordAudit } from "~/staff/audit/index.server";
import { contactsInBatches, readContactFilter, type ContactSubmission } from "../server/contacts.server";

/** contacts.csv: every message the Contacts screen's search and status filter match, streamed. */
export async function loader({ url }: Route.LoaderArgs) {
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
