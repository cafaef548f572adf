import type { Kysely } from "kysely";
import { getDb } from "~/lib/db.server";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import type {
  ProviderCheckoutSession,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
} from "~/lib/payments/provider-objects";
import type { Database } from "../../../db/schema";
import {
  applySubscriptionState,
  markSubscriptionPastDue,
  recordCheckoutSession,
  recordInvoicePayment,
} from "./gift-recording.server";

/**
 * POST /api/webhooks/stripe, and the sandbox's simulated deliveries: verify the
 * signature over the raw body, then handle each event exactly once.
 */
export type EventOutcome = "handled" | "duplicate" | "ignored";

type Handler = (db: Kysely<Database>, event: ProviderEvent) => Promise<unknown>;

const object = <T>(event: ProviderEvent) => event.data.object as T;

const HANDLERS: Record<string, Handler> = {
  "checkout.session.completed": (db, event) =>
    recordCheckoutSession(db, object<ProviderCheckoutSession>(event), { paidAt: event.created }),
  // Bank debits and other delayed methods: the gift counts once the money arrives.
  "checkout.session.async_payment_succeeded": (db, event) =>
    recordCheckoutSession(db, object<ProviderCheckoutSession>(event), { paidAt: event.created }),
  "checkout.session.async_payment_failed": async (_db, event) => {
    console.warn(`Delayed payment failed for checkout session ${object<ProviderCheckoutSession>(event).id}: no gift recorded`);
  },
  "invoice.paid": (db, event) => recordInvoicePayment(db, object<ProviderInvoice>(event), { observedAt: event.created }),
  "invoice.payment_failed": (db, event) => markSubscriptionPastDue(db, object<ProviderInvoice>(event), event.created),
  "customer.subscription.created": (db, event) =>
    applySubscriptionState(db, object<ProviderSubscription>(event), { observedAt: event.created, eventId: event.id }),
  "customer.subscription.updated": (db, event) =>
    applySubscriptionState(db, object<ProviderSubscription>(event), { observedAt: event.created, eventId: event.id }),
  "customer.subscription.deleted": (db, event) =>
    applySubscriptionState(db, object<ProviderSubscription>(event), { observedAt: event.created, eventId: event.id }),
};

export async function receiveProviderWebhook(payload: Buffer, signature: string | null): Promise<EventOutcome> {
  const event = getPaymentGateway().verifyWebhookEvent(payload, signature);
  return handleProviderEvent(event);
}

/**
 * Marks the event handled and applies it in one transaction: a repeated or concurrent
 * delivery finds the event id taken and changes nothing; a failure leaves no trace, so
 * the provider's retry is handled in full. Types this site does not use are acknowledged.
 */
async function handleProviderEvent(event: ProviderEvent): Promise<EventOutcome> {
  const handler = HANDLERS[event.type];
  if (!handler) return "ignored";
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .insertInto("processed_provider_events")
        .values({ id: event.id, type: event.type })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return "duplicate" as const;
      await handler(trx, event);
      return "handled" as const;
    });
}
