import type { Route } from "./+types/admin-dashboard";
import { apiResource, json } from "~/lib/api.server";
import { requireAdminApi, getDashboardStats } from "~/services/staff";

/** GET /api/admin/dashboard: the Dashboard screen's figures, for admins. */
const resource = apiResource<Route.ActionArgs>({
  GET: async ({ request }) => {
    await requireAdminApi(request);
    return json(await getDashboardStats());
  },
});
export const loader = resource;
export const action = resource;
