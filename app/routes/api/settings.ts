import type { Route } from "./+types/settings";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/services/staff";
import { createSetting, listSettings } from "~/services/content";

/** GET /api/settings/ (public) and POST /api/settings/ (admin). */
const resource = apiResource<Route.ActionArgs>({
  GET: async () => json(await listSettings()),
  POST: staffOnly(async ({ request }) => json(await createSetting(await readJsonBody(request)), 201)),
});
export const loader = resource;
export const action = resource;
