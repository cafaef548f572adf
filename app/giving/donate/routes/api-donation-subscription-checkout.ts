import type { Route } from "./+types/api-donation-subscription-checkout";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { checkoutVisitorOf } from "~/lib/visitor.server";
import { startSubscriptionCheckout } from "../server/checkout.server";

/**
 * POST /api/donations/create-subscription {amount, name, email, purpose, interval,
 * payment_day, payment_month} -> {id, url}: a recurring gift's hosted checkout.
 */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const checkout = await startSubscriptionCheckout(await readJsonBody(request), checkoutVisitorOf(request, context));
    return json(checkout);
  },
});
export const loader = resource;
export const action = resource;
