import {
  abandonSandboxCheckout,
  findSandboxCheckout,
  paySandboxCheckout,
  saveSandboxCard,
} from "~/lib/payments/sandbox-gateway.server";
import { isSandboxMode } from "~/lib/env.server";
import { NotFoundError } from "~/lib/service-errors";
import { receiveProviderWebhook } from "./provider-events.server";

/**
 * The simulated hosted checkout at /sandbox/checkout/:sessionId. It exists only in
 * sandbox mode; with Stripe keys set, every sandbox address is a 404.
 */
export async function getSandboxCheckout(sessionId: string) {
  const session = isSandboxMode() ? await findSandboxCheckout(sessionId) : null;
  if (!session) throw new NotFoundError("No such sandbox checkout");
  return session;
}

/**
 * Pay: the simulated provider takes the payment and its signed events are delivered to
 * the same webhook handler Stripe's events reach. Returns where the donor goes next.
 */
export async function paySandbox(sessionId: string): Promise<string> {
  await getSandboxCheckout(sessionId);
  const { session, events } = await paySandboxCheckout(sessionId);
  for (const event of events) await receiveProviderWebhook(Buffer.from(event.payload), event.signature);
  return session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
}

/**
 * A setup checkout's "Save card" (Ramadan's nights): the simulated provider saves a card,
 * one that is charged or, when `declines`, one its bank always declines, and its signed
 * event reaches the webhook handler, which starts the donor's nights. Returns where the donor goes next.
 */
export async function saveSandboxCheckoutCard(
  sessionId: string,
  { declines = false }: { declines?: boolean } = {},
): Promise<string> {
  await getSandboxCheckout(sessionId);
  const { session, events } = await saveSandboxCard(sessionId, { declines });
  for (const event of events) await receiveProviderWebhook(Buffer.from(event.payload), event.signature);
  return session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
}

/** Cancel: back to the donate form with the gift kept. */
export async function cancelSandbox(sessionId: string): Promise<string> {
  await getSandboxCheckout(sessionId);
  const session = await abandonSandboxCheckout(sessionId);
  return session!.cancel_url;
}
