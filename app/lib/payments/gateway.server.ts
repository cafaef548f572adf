import { getEnv, type Env } from "~/lib/env.server";
import type { PaymentGateway } from "./gateway";
import { sandboxGateway } from "./sandbox-gateway.server";
import { createStripeClient } from "./stripe-client.server";
import { createStripeGateway } from "./stripe-gateway.server";

/** Stripe when STRIPE_SECRET_KEY is set (env validation requires its webhook secret too), else the sandbox. */
export function createPaymentGateway(env: Env = getEnv()): PaymentGateway {
  const stripe = createStripeClient(env);
  return stripe ? createStripeGateway(stripe, env.STRIPE_WEBHOOK_SECRET!) : sandboxGateway;
}

let shared: PaymentGateway | undefined;

/** The process-wide gateway; its kind is fixed for the life of the process. */
export function getPaymentGateway(): PaymentGateway {
  shared ??= createPaymentGateway();
  return shared;
}

/** Forgets the gateway (tests switch between the sandbox and a fake Stripe). */
export function resetPaymentGateway(): void {
  shared = undefined;
}
