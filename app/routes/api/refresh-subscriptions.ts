import type { Route } from "./+types/refresh-subscriptions";
import { apiResource, json } from "~/lib/api.server";
import { staffOnly } from "~/services/staff";
import { refreshSubscriptionStatuses } from "~/services/giving";

/** POST /api/donations/update-subscription-status (admin) -> {updated}: statuses as the provider has them. */
const resource = apiResource<Route.ActionArgs>({
  POST: staffOnly(async () => json({ updated: await refreshSubscriptionStatuses() })),
});
export const loader = resource;
export const action = resource;
