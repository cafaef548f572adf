import type { Route } from "./+types/donation-subscription-checkout";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { clientAddressContext } from "~/lib/request-context";
import { siteUrlFor } from "~/lib/site-url.server";
import { startSubscriptionCheckout } from "~/services/giving";

/**
 * POST /api/donations/create-subscription {amount, name, email, purpose, interval,
 * payment_day, payment_month} -> {id, url}: a recurring gift's hosted checkout.
 */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const checkout = await startSubscriptionCheckout(await readJsonBody(request), {
      siteUrl: siteUrlFor(request),
      clientAddress: context.get(clientAddressContext),
    });
    return json(checkout);
  },
});
export const loader = resource;
export const action = resource;
