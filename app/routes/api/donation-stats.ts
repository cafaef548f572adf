import type { Route } from "./+types/donation-stats";
import { handleApiRequest, json } from "~/lib/api.server";
import { getDonationStats } from "~/services/donations.server";

/** GET /api/donations/stats: homepage impact figures and donation totals. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApiRequest(request, { GET: async () => json(await getDonationStats()) });
}
