import type { Route } from "./+types/api-stripe-webhook";
import { apiResource, json } from "~/lib/api.server";
import { receiveProviderWebhook } from "../server/provider-events.server";

/**
 * POST /api/webhooks/stripe: Stripe's events (and, in sandbox mode, the sandbox's).
 * The signature is checked over the exact bytes received; a bad or missing one is a
 * 400 and nothing is stored.
 */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request }) => {
    const payload = Buffer.from(await request.arrayBuffer());
    const outcome = await receiveProviderWebhook(payload, request.headers.get("Stripe-Signature"));
    return json({ received: true, outcome });
  },
});
export const loader = resource;
export const action = resource;
