import type { Route } from "./+types/api-settings";
import { apiResource, json, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { withBannerChecked } from "~/appeals/emergency-banner/index.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { createSetting, listSettings } from "../server/settings.server";

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
