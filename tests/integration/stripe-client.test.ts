import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { createStripeClient, stripeConnection } from "~/lib/payments/stripe-client.server";

/** A minimal Stripe-compatible server: enough to prove the real SDK talks to STRIPE_API_BASE. */
const seen: { method?: string; url?: string; authorization?: string }[] = [];
const fakeStripe = createServer((request: IncomingMessage, response) => {
  seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization });
  response.setHeader("Content-Type", "application/json");
  if (request.url === "/v1/balance") {
    response.end(
      JSON.stringify({
        object: "balance",
        available: [{ amount: 1234, currency: "usd" }],
        pending: [],
        livemode: false,
      }),
    );
  } else {
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }));
  }
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => fakeStripe.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(fakeStripe.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fakeStripe.close(() => resolve())));

describe("Stripe client", () => {
  it("is absent in sandbox mode", () => {
    expect(createStripeClient(parseEnv({}))).toBeNull();
  });

  it("sends real SDK calls to STRIPE_API_BASE with the secret key", async () => {
    const stripe = createStripeClient(
      parseEnv({ STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: "whsec_fake", STRIPE_API_BASE: base }),
    )!;
    const balance = await stripe.balance.retrieve();
    expect(balance.available[0]?.amount).toBe(1234);
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/v1/balance", authorization: "Bearer sk_test_fake" });
  });

  it("surfaces provider errors as Stripe errors", async () => {
    const stripe = createStripeClient(
      parseEnv({ STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: "whsec_fake", STRIPE_API_BASE: base }),
    )!;
    await expect(stripe.customers.retrieve("cus_missing")).rejects.toMatchObject({ type: "StripeInvalidRequestError" });
  });

  it("reads host, port and protocol from the base URL", () => {
    expect(stripeConnection("https://stripe-proxy.internal")).toEqual({
      host: "stripe-proxy.internal",
      port: 443,
      protocol: "https",
    });
    expect(stripeConnection("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(stripeConnection(undefined)).toEqual({});
  });
});
