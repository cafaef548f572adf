import type { Route } from "./+types/api-staff-member";
import { apiResource, idParam, json, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { requireRecentPassword } from "~/staff/two-factor/index.server";
import { changeStaff, getStaffMember } from "../server/team.server";

/**
 * GET /api/staff/{id} (owner): one member of staff.
 * PATCH /api/staff/{id} (owner) `{roles}` and/or `{active}`: changes their roles or deactivates
 * (ending their sessions and API tokens) or reactivates them; 409 for the last active owner.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ params }) => json(await getStaffMember(idParam(params.id)))),
  PATCH: staffOnly(async ({ request, params }) => {
    const change = await readJsonBody(request);
    // New roles need a password given within 10 minutes: a token from POST /api/auth/login counts as given then.
    if ("roles" in change) await requireRecentPassword(request, new URL(request.url));
    return json(await changeStaff(idParam(params.id), change, request));
  }),
});
export const loader = resource;
export const action = resource;
