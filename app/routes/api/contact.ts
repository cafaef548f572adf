import type { Route } from "./+types/contact";
import { apiResource, idParam, json } from "~/lib/api.server";
import { requireAdminApi } from "~/services/staff";
import { deleteContact, getContact } from "~/services/community";

/** GET and DELETE /api/contact/{id} (admin). */
const resource = apiResource<Route.ActionArgs>({
  GET: async ({ request, params }) => {
    await requireAdminApi(request);
    return json(await getContact(idParam(params.id)));
  },
  DELETE: async ({ request, params }) => {
    await requireAdminApi(request);
    await deleteContact(idParam(params.id));
    return new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
