import Stripe from "stripe";
import { WebhookSignatureError } from "./gateway";
import type { ProviderEvent } from "./provider-objects";

/**
 * Stripe's webhook signature scheme (HMAC-SHA256 over "timestamp.raw body", five minutes
 * of tolerance), through the SDK. The sandbox signs its events the same way, so both
 * kinds of event pass through the same check.
 */
export function verifySignedEvent(payload: Buffer, signature: string | null, secret: string): ProviderEvent {
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
  try {
    return Stripe.webhooks.constructEvent(payload, signature, secret) as unknown as ProviderEvent;
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
  }
}

export function signEvent(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
