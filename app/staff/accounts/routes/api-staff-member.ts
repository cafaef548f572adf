import type { Route } from "./+types/api-staff-member";
import { apiResource, idParam, json, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { changeStaff, getStaffMember } from "../server/team.server";

/**
 * GET /api/staff/{id} (owner): one member of staff.
 * PATCH /api/staff/{id} (owner) `{roles}` and/or `{active}`: changes their roles or deactivates
 * (ending their sessions and API tokens) or reactivates them; 409 for the last active owner.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ params }) => json(await getStaffMember(idParam(params.id)))),
  PATCH: staffOnly(async ({ request, params }) =>
    json(await changeStaff(idParam(params.id), await readJsonBody(request), request)),
  ),
});
export const loader = resource;
export const action = resource;
