import type { Route } from "./+types/event";
import { apiResource, idParam, json, readJsonBody } from "~/lib/api.server";
import { requireAdminApi } from "~/services/staff";
import { deleteEvent, getEvent, updateEvent } from "~/services/content";

/** GET (public), PUT and DELETE (admin) /api/events/{id}. */
const resource = apiResource<Route.ActionArgs>({
  GET: async ({ params }) => json(await getEvent(idParam(params.id))),
  PUT: async ({ request, params }) => {
    await requireAdminApi(request);
    return json(await updateEvent(idParam(params.id), await readJsonBody(request)));
  },
  DELETE: async ({ request, params }) => {
    await requireAdminApi(request);
    await deleteEvent(idParam(params.id));
    return new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
