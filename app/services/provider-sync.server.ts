import { getPaymentGateway } from "~/lib/payments/gateway.server";
import {
  applySubscriptionState,
  recordCheckoutSession,
  recordInTransaction,
  recordInvoicePayment,
} from "./gift-recording.server";

/**
 * The Sync button and POST /api/donations/sync-stripe-data: walks the provider's
 * completed checkouts, subscriptions and paid invoices through the same idempotent
 * recording the webhooks use. Returns how many records were new, so a webhook that
 * was missed shows up as 1 and a second sync as 0.
 */
export async function syncFromProvider(): Promise<number> {
  const gateway = getPaymentGateway();
  let synced = 0;
  const count = (outcome: string) => {
    if (outcome === "recorded") synced += 1;
  };
  for await (const session of gateway.listCompletedCheckoutSessions()) {
    count(await recordInTransaction((db) => recordCheckoutSession(db, session)));
  }
  for await (const subscription of gateway.listSubscriptions()) {
    count(await recordInTransaction((db) => applySubscriptionState(db, subscription)));
  }
  for await (const invoice of gateway.listPaidInvoices()) {
    count(await recordInTransaction((db) => recordInvoicePayment(db, invoice)));
  }
  return synced;
}
