import type { Route } from "./+types/setting";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { requireAdminApi } from "~/services/staff";
import { deleteSetting, getSetting, updateSetting } from "~/services/content";

/** GET (public), PUT and DELETE (admin) /api/settings/{key}. */
const resource = apiResource<Route.ActionArgs>({
  GET: async ({ params }) => json(await getSetting(params.key)),
  PUT: async ({ request, params }) => {
    await requireAdminApi(request);
    return json(await updateSetting(params.key, await readJsonBody(request)));
  },
  DELETE: async ({ request, params }) => {
    await requireAdminApi(request);
    await deleteSetting(params.key);
    return new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
