import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { resetPaymentGateway } from "~/lib/payments/gateway.server";
import * as stripeWebhook from "~/giving/provider/routes/api-stripe-webhook";
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from "./fake-stripe";
import { callApi } from "./routes";

export const TEST_WEBHOOK_SECRET = "whsec_integration_test_secret";

/**
 * Runs a test file in Stripe mode: the real SDK, keys set, and STRIPE_API_BASE pointing
 * at a fresh fake Stripe. Returns a getter, since the fake starts in beforeAll.
 */
export function useFakeStripe(): () => FakeStripe {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_integration",
      STRIPE_PUBLISHABLE_KEY: "pk_test_integration",
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    });
    resetEnvCache();
    resetPaymentGateway();
  });
  beforeEach(() => fake?.reset());
  afterAll(async () => {
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "",
      STRIPE_PUBLISHABLE_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      STRIPE_API_BASE: "",
    });
    resetEnvCache();
    resetPaymentGateway();
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error("The fake Stripe server is not running yet");
    return fake;
  };
}

/** Posts an event to /api/webhooks/stripe as Stripe would: raw JSON, signed with the secret. */
export function deliver(event: FakeStripeEvent | object, options: { secret?: string; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? TEST_WEBHOOK_SECRET })
      : options.signature;
  return callApi(stripeWebhook.action, "/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", ...(signature === null ? {} : { "Stripe-Signature": signature }) },
  });
}

export async function deliverAll(events: FakeStripeEvent[]) {
  const answers = [];
  for (const event of events) answers.push(await deliver(event));
  return answers;
}
