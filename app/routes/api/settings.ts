import type { Route } from "./+types/settings";
import { apiResource, json, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { withBannerChecked } from "~/services/appeals";
import { staffOnly } from "~/services/staff";
import { createSetting, listSettings } from "~/services/content";

/** GET /api/settings/ (public) and POST /api/settings/ (admin). The banner's setting names only a live appeal. */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async () => json(await listSettings())),
  POST: staffOnly(async ({ request }) => {
    const body = await readJsonBody(request);
    return json(await createSetting(await withBannerChecked(body.key, body)), 201);
  }),
});
export const loader = resource;
export const action = resource;
