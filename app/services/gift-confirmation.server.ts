import { readGiftMetadata } from "~/lib/payments/gift-metadata";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { referenceId } from "~/lib/payments/provider-objects";
import { centsToDollars } from "~/domain/money";
import type { FormFrequency } from "~/domain/giving";
import {
  applySubscriptionState,
  recordCheckoutSession,
  recordInTransaction,
  recordInvoicePayment,
} from "./gift-recording.server";

/**
 * /donation-success: asks the provider what became of a checkout session, and records a
 * paid gift at once if its webhook has not arrived yet (the same idempotent recording,
 * so the webhook that follows changes nothing). Only paid gifts are thanked for.
 */
export type GiftConfirmation =
  | { status: "paid"; gift: { amount: number; purpose: string; frequency: FormFrequency; firstName: string } }
  | { status: "processing" }
  | { status: "unpaid" }
  | { status: "unknown" };

// Stripe's and the sandbox's checkout session ids; anything else is not worth a provider call.
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,255}$/;

export async function confirmCheckout(sessionId: string): Promise<GiftConfirmation> {
  if (!SESSION_ID.test(sessionId)) return { status: "unknown" };
  const gateway = getPaymentGateway();
  const session = await gateway.retrieveCheckoutSession(sessionId);
  const gift = session ? readGiftMetadata(session.metadata) : null;
  if (!session || !gift) return { status: "unknown" };
  if (session.payment_status !== "paid") return { status: session.status === "complete" ? "processing" : "unpaid" };

  await recordInTransaction((db) => recordCheckoutSession(db, session));
  if (session.mode === "subscription") {
    const invoiceId = referenceId(session.invoice);
    const subscriptionId = referenceId(session.subscription);
    const [invoice, subscription] = await Promise.all([
      invoiceId ? gateway.retrieveInvoice(invoiceId) : null,
      subscriptionId ? gateway.retrieveSubscription(subscriptionId) : null,
    ]);
    if (subscription) await recordInTransaction((db) => applySubscriptionState(db, subscription));
    if (invoice) await recordInTransaction((db) => recordInvoicePayment(db, invoice));
  }

  return {
    status: "paid",
    gift: {
      amount: centsToDollars(session.amount_total ?? 0),
      purpose: gift.purpose,
      frequency: gift.frequency,
      firstName: gift.donorName.split(/\s+/)[0] ?? "",
    },
  };
}
