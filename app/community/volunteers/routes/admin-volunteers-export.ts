import type { Route } from "./+types/admin-volunteers-export";
import { requireRecentPassword } from "~/staff/two-factor/index.server";
import { csvResponse } from "~/lib/csv.server";
import { exportSummary, recordAudit } from "~/staff/audit/index.server";
import { readVolunteerFilter, volunteersInBatches, type VolunteerSignup } from "../server/volunteers.server";

/** volunteers.csv: every signup the Volunteers screen's search and interest filter match, streamed. */
export async function loader({ request, url }: Route.LoaderArgs) {
  // Donor data leaves the site: the password must have been given in the last 10 minutes. Once it is
  // confirmed the person is brought back to the list they were exporting, where Export CSV now downloads.
  await requireRecentPassword(request, url, `/admin/volunteers${url.search}`);
  const { filter } = readVolunteerFilter(url.searchParams);
  await recordAudit({ action: "export", entity: "volunteer", summary: exportSummary("volunteers.csv", url) });
  return csvResponse<VolunteerSignup>(
    "volunteers.csv",
    [
      { header: "ID", value: (volunteer) => volunteer.id },
      { header: "Name", value: (volunteer) => volunteer.name },
      { header: "Email", value: (volunteer) => volunteer.email },
      { header: "Interest", value: (volunteer) => volunteer.interest },
      { header: "Date", value: (volunteer) => volunteer.submitted_at },
    ],
    volunteersInBatches(filter),
  );
}
