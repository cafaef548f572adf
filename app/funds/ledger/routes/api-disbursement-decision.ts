import type { Route } from "./+types/api-disbursement-decision";
import { apiError, apiResource, idParam, json, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { approveRequest, rejectRequest } from "../server/approvals.server";

/**
 * POST /api/disbursements/{id}/approve and POST /api/disbursements/{id}/reject `{reason}`
 * (finance or owner; decision 152). `{id}` is the request's (as `POST /api/disbursements/`
 * answered it with `"status": "requested"`). Approving writes the ledger entry and answers the
 * request with its `entry_id`. 403 for the person who asked, 404 for an unknown request, 409
 * for one already decided, 422 for a missing reason or a balance no longer enough.
 */
const resource = apiResource<Route.ActionArgs>({
  POST: staffOnly(async ({ request, params }, admin) => {
    const id = idParam(params.id);
    if (params.decision !== "approve" && params.decision !== "reject") return apiError(404, "Not found");
    if (params.decision === "approve") {
      await request.text();
      return json(await approveRequest(id, admin));
    }
    return json(await rejectRequest(id, await readJsonBody(request), admin));
  }),
});
export const loader = resource;
export const action = resource;
