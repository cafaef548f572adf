import type { Route } from "./+types/api-refresh-subscriptions";
import { apiResource, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { refreshSubscriptionStatuses } from "../server/subscriptions.server";

/** POST /api/donations/update-subscription-status (admin) -> {updated}: statuses as the provider has them. */
const resource = apiResource<Route.ActionArgs>({
  POST: staffOnly(async () => json({ updated: await refreshSubscriptionStatuses() })),
});
export const loader = resource;
export const action = resource;
