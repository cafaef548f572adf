import type { Route } from "./+types/api-application-settings";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { formFieldsOfJson, settingsAsJson } from "../rules/settings-form";
import { applicationSettings, saveApplicationSettings } from "../server/application-settings-editor.server";

/**
 * GET /api/applications/settings: the applications' five settings, amounts in dollars.
 * PUT: all five at once, in the same shape (the staff screen's one rule: 422 with `errors`
 * under the form's field names, `low_3` for row 3's lowest help).
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async () => json(settingsAsJson(await applicationSettings()))),
  PUT: staffOnly(async ({ request }) =>
    json(settingsAsJson(await saveApplicationSettings(formFieldsOfJson(await readJsonBody(request))))),
  ),
});
export const loader = resource;
export const action = resource;
