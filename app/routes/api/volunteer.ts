import type { Route } from "./+types/volunteer";
import { apiResource, idParam, json } from "~/lib/api.server";
import { requireAdminApi } from "~/services/staff";
import { deleteVolunteer, getVolunteer } from "~/services/community";

/** GET and DELETE /api/volunteers/{id} (admin). */
const resource = apiResource<Route.ActionArgs>({
  GET: async ({ request, params }) => {
    await requireAdminApi(request);
    return json(await getVolunteer(idParam(params.id)));
  },
  DELETE: async ({ request, params }) => {
    await requireAdminApi(request);
    await deleteVolunteer(idParam(params.id));
    return new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
