import type { Route } from "./+types/api-admin-dashboard";
import { apiResource, json } from "~/lib/api.server";
import { dashboardFor } from "../server/dashboard.server";
import { staffOnly } from "~/staff/sign-in/index.server";

/** GET /api/admin/dashboard: the Dashboard screen's figures, those of the screens the person may open. */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async (_, admin) => json(await dashboardFor(admin.roles))),
});
export const loader = resource;
export const action = resource;
