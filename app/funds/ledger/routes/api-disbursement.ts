import type { Route } from "./+types/api-disbursement";
import { apiResource, idParam, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { getLedgerEntry, refuseLedgerChange } from "../server/ledger.server";

/**
 * GET /api/disbursements/{id} (admin): one ledger entry. PUT, PATCH and DELETE are
 * refused (409): a mistake is put right by a reversal that names the entry.
 */
const refused = staffOnly<Route.ActionArgs>(async ({ params }) => {
  await getLedgerEntry(idParam(params.id));
  return refuseLedgerChange();
});

const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ params }) => json(await getLedgerEntry(idParam(params.id)))),
  PUT: refused,
  PATCH: refused,
  DELETE: refused,
});
export const loader = resource;
export const action = resource;
