import type { Route } from "./+types/api-admin-dashboard";
import { apiResource, json } from "~/lib/api.server";
import { getDashboardStats } from "../server/dashboard.server";
import { staffOnly } from "~/staff/sign-in/index.server";

/** GET /api/admin/dashboard: the Dashboard screen's figures, for admins. */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async () => json(await getDashboardStats())),
});
export const loader = resource;
export const action = resource;
