import type { Route } from "./+types/admin-funds-ledger-export";
import { csvResponse } from "~/lib/csv.server";
import { isDataRequest } from "~/lib/data-requests.server";
import { notFound } from "~/lib/upload-files.server";
import { ledgerForExport, readLedgerFilter, type LedgerEntry } from "../server/ledger.server";

/**
 * ledger.csv for auditors: every entry the Ledger screen's filter matches, streamed. A
 * reversal's amount is negative, so a column sum is what went out; the proof document's
 * stored name never leaves the admin area. Only this address serves the file, with its
 * download headers; its ".data" twin is a 404.
 */
export function loader({ request, url }: Route.LoaderArgs) {
  if (isDataRequest(request)) return notFound();
  const { filter, problem } = readLedgerFilter(url.searchParams);
  if (problem) return new Response(problem, { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return csvResponse<LedgerEntry>(
    "ledger.csv",
    [
      { header: "Entry", value: (entry) => entry.id },
      { header: "Kind", value: (entry) => entry.kind },
      { header: "Date", value: (entry) => entry.disbursed_on },
      { header: "Hijri date", value: (entry) => entry.disbursed_on_hijri },
      { header: "Fund", value: (entry) => entry.fund_name },
      { header: "Category", value: (entry) => entry.category_label },
      { header: "Programme", value: (entry) => entry.programme },
      { header: "Region", value: (entry) => entry.region },
      { header: "Description", value: (entry) => entry.description },
      // A number, not text: csv-stringify leaves a negative number as it is (a text "-" would be neutralised).
      { header: "Amount", value: (entry) => (entry.kind === "reversal" ? -entry.amount : entry.amount) },
      { header: "Reverses", value: (entry) => entry.reverses_id ?? "" },
      { header: "Reversed by", value: (entry) => entry.reversed_by_id ?? "" },
      { header: "Recorded by", value: (entry) => entry.recorded_by },
      { header: "Recorded at", value: (entry) => entry.recorded_at },
      // At or above the approval threshold (decision 152): who asked, who approved, when; empty below it.
      { header: "Requested by", value: (entry) => entry.requested_by },
      { header: "Approved by", value: (entry) => entry.approved_by },
      { header: "Approved at", value: (entry) => entry.approved_at ?? "" },
    ],
    ledgerForExport(filter),
  );
}
