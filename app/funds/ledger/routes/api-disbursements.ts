import type { Route } from "./+types/api-disbursements";
import { apiResource, badQuery, json, listAnswer, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { ledgerForExport, listLedger, readLedgerFilter, refuseLedgerChange } from "../server/ledger.server";
import {
  listRequests,
  REQUEST_STATUSES,
  submitDisbursement,
  submitReversal,
  type Submitted,
} from "../server/approvals.server";

/**
 * GET /api/disbursements/ (finance): the ledger, newest first, whole unless paged; `fund`,
 * `category`, `from`, `to` and `search` filter like the Funds screen. The public reads
 * its aggregates at /api/transparency. `?status=requested` (or `approved`, `rejected`) lists
 * the disbursement requests with that status instead, newest first (decision 152);
 * `?status=recorded` is the ledger itself.
 * POST /api/disbursements/ (finance): records a disbursement, or, when the body names
 * `reverses_id`, a reversal of that entry; at or above the approval threshold it is a
 * request instead, which moves no money. The answer says which: `"status": "recorded"`
 * (the entry, with its `entry_id`) or `"status": "requested"` (the request, with its
 * `request_id`; `entry_id` null until approved). An entry is never changed or deleted.
 */
const refused = staffOnly<Route.ActionArgs>(async () => refuseLedgerChange());

/**
 * The POST's answer: the entry or the request, with what became of it. Entries and requests
 * are numbered apart, so the answer names its number for what it is: `entry_id` (read at
 * /api/disbursements/{entry_id}) or `request_id` (read at /api/disbursements/requests/{request_id},
 * decided at /api/disbursements/{request_id}/approve or /reject).
 */
export function submittedAnswer(submitted: Submitted) {
  return submitted.status === "recorded"
    ? { ...submitted.entry, status: "recorded" as const, entry_id: submitted.entry.id, request_id: null }
    : { ...submitted.request, status: "requested" as const, request_id: submitted.request.id };
}

const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => {
    const url = new URL(request.url);
    const status = url.searchParams.get("status")?.trim();
    if (status && status !== "recorded") {
      const wanted = REQUEST_STATUSES.find((known) => known === status);
      if (!wanted) return badQuery("status must be recorded, requested, approved or rejected");
      return listAnswer(url, {
        whole: async function* () {
          yield await listRequests(wanted);
        },
        page: (page) => listRequests(wanted, page),
      });
    }
    const { filter, problem } = readLedgerFilter(url.searchParams);
    if (problem) return badQuery(problem);
    return listAnswer(url, { whole: () => ledgerForExport(filter), page: (page) => listLedger(filter, page) });
  }),
  POST: staffOnly(async ({ request }, admin) => {
    const body = await readJsonBody(request);
    const submitted =
      body.reverses_id === undefined || body.reverses_id === null
        ? submitDisbursement(body, admin)
        : submitReversal(body, admin);
    return json(submittedAnswer(await submitted), 201);
  }),
  PUT: refused,
  PATCH: refused,
  DELETE: refused,
});
export const loader = resource;
export const action = resource;
