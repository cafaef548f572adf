import type { Route } from "./+types/api-disbursements";
import { apiError, apiResource, json, listAnswer, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import {
  ledgerForExport,
  listLedger,
  readLedgerFilter,
  recordDisbursement,
  recordReversal,
  refuseLedgerChange,
} from "../server/ledger.server";

/**
 * GET /api/disbursements/ (admin): the ledger, newest first, whole unless paged; `fund`,
 * `category`, `from`, `to` and `search` filter like the Funds screen. The public reads
 * its aggregates at /api/transparency.
 * POST /api/disbursements/ (admin): records a disbursement, or, when the body names
 * `reverses_id`, a reversal of that entry. An entry is never changed or deleted.
 */
const refused = staffOnly<Route.ActionArgs>(async () => refuseLedgerChange());

const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => {
    const url = new URL(request.url);
    const { filter, problem } = readLedgerFilter(url.searchParams);
    if (problem) return apiError(422, problem);
    return listAnswer(url, { whole: () => ledgerForExport(filter), page: (page) => listLedger(filter, page) });
  }),
  POST: staffOnly(async ({ request }, admin) => {
    const body = await readJsonBody(request);
    const entry =
      body.reverses_id === undefined || body.reverses_id === null
        ? recordDisbursement(body, admin.username)
        : recordReversal(body, admin.username);
    return json(await entry, 201);
  }),
  PUT: refused,
  PATCH: refused,
  DELETE: refused,
});
export const loader = resource;
export const action = resource;
