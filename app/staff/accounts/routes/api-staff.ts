import type { Route } from "./+types/api-staff";
import { apiResource, json, queryPage, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { inviteStaff, listStaff } from "../server/team.server";

/**
 * GET /api/staff/ (owner): everyone on the staff, with their username, roles and whether they
 * are active; the whole list unless paged (`limit`, `offset`).
 * POST /api/staff/ (owner) `{name, email, roles}`: invites someone; 201 with the invitation.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => json(await listStaff(queryPage(new URL(request.url))))),
  POST: staffOnly(async ({ request }, admin) => json(await inviteStaff(await readJsonBody(request), admin), 201)),
});
export const loader = resource;
export const action = resource;
