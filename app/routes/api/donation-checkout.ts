import type { Route } from "./+types/donation-checkout";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { clientAddressContext } from "~/lib/request-context";
import { siteUrlFor } from "~/lib/site-url.server";
import { startCheckout } from "~/services/giving";

/** POST /api/donations/create-payment-session {amount, name, email, purpose, frequency} -> {id, url}. */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const checkout = await startCheckout(await readJsonBody(request), {
      siteUrl: siteUrlFor(request),
      clientAddress: context.get(clientAddressContext),
    });
    return json(checkout);
  },
});
export const loader = resource;
export const action = resource;
