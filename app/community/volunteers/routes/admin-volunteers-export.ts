import type { Route } from "./+types/admin-volunteers-export";
import { csvResponse } from "~/lib/csv.server";
import { exportSummary, recordAudit } from "~/staff/audit/index.server";
import { readVolunteerFilter, volunteersInBatches, type VolunteerSignup } from "../server/volunteers.server";

/** volunteers.csv: every signup the Volunteers screen's search and interest filter match, streamed. */
export async function loader({ url }: Route.LoaderArgs) {
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
