import type { Route } from "./+types/api-donation-stats";
import { apiResource, json, sameForEveryVisitor } from "~/lib/api.server";
import { getDonationStats } from "../server/donations.server";

/** GET /api/donations/stats: homepage impact figures and donation totals. */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async () => json(await getDonationStats())),
});
export const loader = resource;
export const action = resource;
