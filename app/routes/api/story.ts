import type { Route } from "./+types/story";
import { apiResource, idParam, json, readJsonBody } from "~/lib/api.server";
import { readerOf, requireAdminApi } from "~/services/staff";
import { deleteStory, getStory, updateStory } from "~/services/content";

/** GET (an inactive story is a 404 without an admin), PUT and DELETE (admin) /api/stories/{id}. */
const resource = apiResource<Route.ActionArgs>({
  GET: async ({ request, params }) => json(await getStory(idParam(params.id), await readerOf(request))),
  PUT: async ({ request, params }) => {
    await requireAdminApi(request);
    return json(await updateStory(idParam(params.id), await readJsonBody(request)));
  },
  DELETE: async ({ request, params }) => {
    await requireAdminApi(request);
    await deleteStory(idParam(params.id));
    return new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
