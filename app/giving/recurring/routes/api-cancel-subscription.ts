import type { Route } from "./+types/api-cancel-subscription";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { cancelSubscription } from "../server/subscriptions.server";

/** POST /api/donations/cancel-subscription {subscription_id} (the provider's id), admin only. */
const resource = apiResource<Route.ActionArgs>({
  POST: staffOnly(async ({ request }, admin) =>
    json(await cancelSubscription(await readJsonBody(request), { kind: "staff", name: admin.username })),
  ),
});
export const loader = resource;
export const action = resource;
