import type { Route } from "./+types/admin-dashboard";
import { handleApiRequest, json } from "~/lib/api.server";
import { requireAdminApi } from "~/lib/auth.server";
import { getDashboardStats } from "~/services/dashboard.server";

/** GET /api/admin/dashboard: the Dashboard screen's figures, for admins. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApiRequest(request, {
    GET: async () => {
      await requireAdminApi(request);
      return json(await getDashboardStats());
    },
  });
}
