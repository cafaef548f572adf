import { getPaymentGateway } from "~/lib/payments/gateway.server";
import {
  applySubscriptionState,
  recordCheckoutSession,
  recordInTransaction,
  recordInvoicePayment,
} from "~/giving/gifts/index.server";
import { followSubscriptionTroubles, recordRecoveredCharge } from "~/giving/recurring/index.server";
import { activateRamadanSchedule } from "~/giving/ramadan-nights/index.server";

/** How far back Sync looks for checkouts and invoices, unless asked for more. */
export const SYNC_DAYS = 90;

/**
 * The Sync button and POST /api/donations/sync-stripe-data: walks the provider's
 * completed checkouts and paid invoices of the last `days`, and every subscription,
 * through the same idempotent recording the webhooks use. Returns how many records
 * were new, so a webhook that was missed shows up as 1 and a second sync as 0.
 */
export async function syncFromProvider({ days = SYNC_DAYS }: { days?: number } = {}): Promise<number> {
  const gateway = getPaymentGateway();
  const since = Math.floor(Date.now() / 1000) - days * 24 * 60 * 60;
  let synced = 0;
  const count = (outcome: string) => {
    if (outcome === "recorded") synced += 1;
  };
  for await (const session of gateway.listCompletedCheckoutSessions(since)) {
    // A card saved for Ramadan's nights whose report was missed: its schedule begins, once.
    if (session.mode === "setup") {
      const card = await gateway.retrieveSavedCard(session);
      const outcome = await recordInTransaction((db) => activateRamadanSchedule(db, session, card));
      count(outcome === "activated" ? "recorded" : outcome);
      continue;
    }
    count(await recordInTransaction((db) => recordCheckoutSession(db, session)));
  }
  for await (const subscription of gateway.listSubscriptions()) {
    count(
      await recordInTransaction(async (db) => {
        const outcome = await applySubscriptionState(db, subscription);
        await followSubscriptionTroubles(db, subscription);
        return outcome;
      }),
    );
  }
  // A missed payment's webhook: the gift is recorded, and a failed charge it settles is recovered.
  for await (const invoice of gateway.listPaidInvoices(since)) {
    count(
      await recordInTransaction(async (db) => {
        const outcome = await recordInvoicePayment(db, invoice);
        await recordRecoveredCharge(db, invoice, invoice.status_transitions.paid_at ?? invoice.created);
        return outcome;
      }),
    );
  }
  return synced;
}
