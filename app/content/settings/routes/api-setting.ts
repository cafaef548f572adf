import type { Route } from "./+types/api-setting";
import { apiResource, json, noContent, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { withBannerChecked } from "~/appeals/emergency-banner/index.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { deleteSetting, getSetting, updateSetting } from "../server/settings.server";

/** GET (public), PUT and DELETE (admin) /api/settings/{key}. The banner's setting names only a live appeal. */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ params }) => json(await getSetting(params.key))),
  PUT: staffOnly(async ({ request, params }) =>
    json(await updateSetting(params.key, await withBannerChecked(params.key, await readJsonBody(request)))),
  ),
  DELETE: staffOnly(async ({ params }) => {
    await deleteSetting(params.key);
    return noContent();
  }),
});
export const loader = resource;
export const action = resource;
