import type { Route } from "./+types/api-donation-checkout";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { checkoutVisitorOf } from "~/lib/visitor.server";
import { startCheckout } from "../server/checkout.server";

/** POST /api/donations/create-payment-session {amount, name, email, purpose, frequency} -> {id, url}. */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const checkout = await startCheckout(await readJsonBody(request), checkoutVisitorOf(request, context));
    return json(checkout);
  },
});
export const loader = resource;
export const action = resource;
