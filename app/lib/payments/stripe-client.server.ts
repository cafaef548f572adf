import Stripe from "stripe";
import { getEnv, type Env } from "~/lib/env.server";

/**
 * The Stripe SDK client, or null in sandbox mode (no STRIPE_SECRET_KEY). STRIPE_API_BASE
 * points the SDK at a Stripe-compatible server instead of api.stripe.com; the tests use
 * a local fake this way, since Stripe's real API is out of reach there.
 */
export function createStripeClient(env: Env = getEnv()): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    ...stripeConnection(env.STRIPE_API_BASE),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "zakat-sadaqa-foundation" },
  });
}

/** host/port/protocol for the SDK from an `http(s)://host[:port]` base URL. */
export function stripeConnection(apiBase: string | undefined): {
  host?: string;
  port?: number;
  protocol?: "http" | "https";
} {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}
