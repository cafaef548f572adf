import type { Route } from "./+types/api-disbursement-request";
import { apiResource, idParam, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { getDisbursementRequest } from "../server/approvals.server";

/**
 * GET /api/disbursements/requests/{id} (finance): one disbursement request, whatever became of
 * it (`status` requested, approved or rejected; `entry_id` the ledger entry its approval wrote).
 * `{id}` is the `request_id` POST /api/disbursements/ answered; /api/disbursements/{id} is a
 * ledger entry's. A request is changed only by approving or rejecting it.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ params }) => json(await getDisbursementRequest(idParam(params.id)))),
});
export const loader = resource;
export const action = resource;
