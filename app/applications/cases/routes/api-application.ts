import type { Route } from "./+types/api-application";
import { apiResource, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { caseForApi } from "../server/cases.server";

/**
 * GET /api/applications/{ref} (caseworker, finance): one case with its warnings, and the
 * family's own fields (`applicant`) for the roles that may read them; that reading is
 * written to the audit trail. 404 for a reference that names no case.
 */
const resource = apiResource<Route.LoaderArgs>({
  GET: staffOnly(async ({ params }, admin) => json(await caseForApi(params.ref ?? "", admin))),
});
export const loader = resource;
export const action = resource;
