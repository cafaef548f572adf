import type { Kysely } from "kysely";
import { getDb } from "~/lib/db.server";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import {
  referenceId,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPaymentIntent,
  type ProviderSubscription,
} from "~/lib/payments/provider-objects";
import { readGiftMetadata } from "~/lib/payments/gift-metadata";
import type { SavedCard } from "~/lib/payments/gateway";
import type { Database } from "../../../../db/schema";
import { activateRamadanSchedule, recordRamadanChargeEvent } from "~/giving/ramadan-nights/index.server";
import {
  applySubscriptionState,
  learnSubscriptionPeriod,
  lacksSubscriptionPeriod,
  recordCheckoutSession,
  recordInvoicePayment,
} from "~/giving/gifts/index.server";
import { followSubscriptionTroubles, recordFailedCharge, recordRecoveredCharge } from "~/giving/recurring/index.server";

/**
 * POST /api/webhooks/stripe, and the sandbox's simulated deliveries: verify the
 * signature over the raw body, then handle each event exactly once.
 */
export type EventOutcome = "handled" | "duplicate" | "ignored";

/**
 * What an event needs from the provider besides itself: a setup checkout's saved card, and
 * the recurring gift's subscription when this site does not know its next charge yet.
 */
interface Fetched {
  savedCard: SavedCard | null;
  subscription: { object: ProviderSubscription; readAt: number } | null;
}

type Handler = (db: Kysely<Database>, event: ProviderEvent, fetched: Fetched) => Promise<unknown>;

const object = <T>(event: ProviderEvent) => event.data.object as T;

const HANDLERS: Record<string, Handler> = {
  "checkout.session.completed": (db, event, fetched) => {
    const session = object<ProviderCheckoutSession>(event);
    // A setup checkout saved a card for Ramadan's nights: nothing was paid, the nights begin.
    if (session.mode === "setup") return activateRamadanSchedule(db, session, fetched.savedCard);
    return recordCheckoutSession(db, session, { paidAt: event.created });
  },
  // Bank debits and other delayed methods: the gift counts once the money arrives.
  "checkout.session.async_payment_succeeded": (db, event) =>
    recordCheckoutSession(db, object<ProviderCheckoutSession>(event), { paidAt: event.created }),
  "checkout.session.async_payment_failed": async (_db, event) => {
    console.warn(
      `Delayed payment failed for checkout session ${object<ProviderCheckoutSession>(event).id}: no gift recorded`,
    );
  },
  // A Ramadan night's charge whose round was cut short is recorded from the provider's word.
  "payment_intent.succeeded": (db, event) => recordRamadanChargeEvent(db, object<ProviderPaymentIntent>(event)),
  "invoice.paid": async (db, event) => {
    const outcome = await recordInvoicePayment(db, object<ProviderInvoice>(event), { observedAt: event.created });
    await recordRecoveredCharge(db, object<ProviderInvoice>(event), event.created);
    return outcome;
  },
  "invoice.payment_failed": (db, event) => recordFailedCharge(db, object<ProviderInvoice>(event), event.created),
  "customer.subscription.created": subscriptionState,
  "customer.subscription.updated": subscriptionState,
  "customer.subscription.deleted": subscriptionState,
};

/** A subscription's state, then what it means for a failed charge (no more tries, or a gift lost). */
async function subscriptionState(db: Kysely<Database>, event: ProviderEvent) {
  const outcome = await applySubscriptionState(db, object<ProviderSubscription>(event), {
    observedAt: event.created,
    eventId: event.id,
  });
  await followSubscriptionTroubles(db, object<ProviderSubscription>(event));
  return outcome;
}

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
  const fetched = await fetchBeforehand(event);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .insertInto("processed_provider_events")
        .values({ id: event.id, type: event.type })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return "duplicate" as const;
      await handler(trx, event, fetched);
      if (fetched.subscription)
        await learnSubscriptionPeriod(trx, fetched.subscription.object, fetched.subscription.readAt);
      return "handled" as const;
    });
}

/** Asked of the provider before the event's transaction, so no write waits on the network. */
async function fetchBeforehand(event: ProviderEvent): Promise<Fetched> {
  const session = event.type === "checkout.session.completed" ? object<ProviderCheckoutSession>(event) : null;
  return {
    savedCard: session?.mode === "setup" ? await getPaymentGateway().retrieveSavedCard(session) : null,
    subscription: await subscriptionToLearn(event),
  };
}

/**
 * The subscription a checkout or an invoice of this site's recurring gift names, read from
 * the provider when the site does not know its next charge: the gift's own events
 * (customer.subscription.*) may be missing from the webhook's list or lost, and nothing
 * else says when it is charged next. A provider that cannot answer does not stop the
 * event: its money is recorded now, and the next event naming the gift, Sync or a pause
 * asks again.
 */
async function subscriptionToLearn(event: ProviderEvent): Promise<Fetched["subscription"]> {
  const named = subscriptionNamedBy(event);
  if (!named || !(await lacksSubscriptionPeriod(getDb(), named.id, named.ours))) return null;
  const readAt = Math.floor(Date.now() / 1000);
  try {
    const subscription = await getPaymentGateway().retrieveSubscription(named.id);
    return subscription ? { object: subscription, readAt } : null;
  } catch (error) {
    console.warn(
      `Could not read subscription ${named.id} from the card payment provider; its next charge is learned later`,
      error instanceof Error ? error.message : error,
    );
    return null;
  }
}

/**
 * The subscription an event names besides its own events, and whether its metadata says it is one of this site's gifts.
 */
function subscriptionNamedBy(event: ProviderEvent): { id: string; ours: boolean } | null {
  if (event.type.startsWith("checkout.session.")) {
    const session = object<ProviderCheckoutSession>(event);
    const id = session.mode === "subscription" ? referenceId(session.subscription) : null;
    return id ? { id, ours: readGiftMetadata(session.metadata) !== null } : null;
  }
  if (event.type.startsWith("invoice.")) {
    const details = object<ProviderInvoice>(event).parent?.subscription_details;
    const id = referenceId(details?.subscription);
    return id ? { id, ours: readGiftMetadata(details?.metadata ?? null) !== null } : null;
  }
  return null;
}
