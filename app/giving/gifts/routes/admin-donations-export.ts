import type { Route } from "./+types/admin-donations-export";
import { requireRecentPassword } from "~/staff/two-factor/index.server";
import { csvResponse } from "~/lib/csv.server";
import { exportSummary, recordAudit } from "~/staff/audit/index.server";
import { donationsForExport, readDonationFilter, type Donation } from "../server/donations.server";

/** donations.csv: every row the Donations screen's filter (search, frequency, fund, appeal) matches, streamed. */
export async function loader({ request, url }: Route.LoaderArgs) {
  // Donor data leaves the site: the password must have been given in the last 10 minutes. Once it is
  // confirmed the person is brought back to the list they were exporting, where Export CSV now downloads.
  await requireRecentPassword(request, url, `/admin/donations${url.search}`);
  const { filter, problem } = await readDonationFilter(url.searchParams);
  if (problem) return new Response(problem, { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await recordAudit({ action: "export", entity: "donation", summary: exportSummary("donations.csv", url) });
  return csvResponse<Donation>(
    "donations.csv",
    [
      { header: "ID", value: (gift) => gift.id },
      { header: "Name", value: (gift) => gift.name },
      { header: "Email", value: (gift) => gift.email },
      { header: "Amount", value: (gift) => gift.amount.toFixed(2) },
      { header: "Frequency", value: (gift) => gift.frequency },
      { header: "Date", value: (gift) => gift.donated_at },
      // After the columns the export always had, so spreadsheets built on them keep working.
      { header: "Fund", value: (gift) => gift.fund },
      { header: "Designation", value: (gift) => gift.designation },
      { header: "Appeal", value: (gift) => gift.appeal },
      // Beside the amount, never in it: the gift and the card fee the donor covered are kept apart.
      { header: "Fee covered", value: (gift) => gift.fee_cover.toFixed(2) },
      { header: "Anonymous", value: (gift) => (gift.anonymous ? "yes" : "no") },
      { header: "Tribute", value: (gift) => gift.tribute },
      // Listed only while the site takes no real payments; marked so nobody books a test payment as money received.
      { header: "Test", value: (gift) => (gift.is_test ? "yes" : "no") },
    ],
    donationsForExport(filter),
  );
}
