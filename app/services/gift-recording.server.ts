import type { Kysely } from "kysely";
import { FREQUENCY_OF_INTERVAL, INTERVAL_OF_FREQUENCY, isRecurringFrequency, type RecurringInterval } from "~/domain/giving";
import { readGiftMetadata, type GiftMetadata } from "~/lib/payments/gift-metadata";
import {
  referenceId,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderSubscription,
} from "~/lib/payments/provider-objects";
import { getDb, nowIso } from "~/lib/db.server";
import type { Insertable } from "kysely";
import type { Database, DonationsTable, SubscriptionRow, SubscriptionsTable } from "../../db/schema";

/**
 * Records what the card provider reports, exactly once. The webhook handler, the
 * success page, the sandbox and the Sync button all come through here; the UNIQUE
 * provider identifiers make every insert idempotent, and subscription states carry the
 * provider's timestamp so an older event never overwrites a newer state.
 *
 * Each function takes an open transaction (use `recordInTransaction` from outside one),
 * so a webhook event and the record of having handled it commit together, and a check
 * for an existing record and the insert that follows it cannot be interleaved.
 */
type Executor = Kysely<Database>;

export type RecordOutcome = "recorded" | "already-recorded" | "updated" | "unchanged" | "not-ours" | "not-paid";

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function isoFromSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

function insertedCount(result: { numInsertedOrUpdatedRows?: bigint }): number {
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/**
 * Inserts a gift unless one with this provider id exists. Looking first keeps donation
 * ids free of gaps (a conflicting INSERT uses an id up), which auditors would otherwise
 * ask about; the UNIQUE index still refuses a second row should two writers race.
 */
async function insertGiftOnce(
  db: Executor,
  values: Insertable<DonationsTable>,
  key: { column: "stripe_checkout_session_id" | "stripe_invoice_id"; value: string },
): Promise<RecordOutcome> {
  const existing = await db.selectFrom("donations").select("id").where(key.column, "=", key.value).executeTakeFirst();
  if (existing) return "already-recorded";
  const result = await db.insertInto("donations").values(values).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return insertedCount(result) > 0 ? "recorded" : "already-recorded";
}

/** The same for a subscription, by its provider id. */
async function insertSubscriptionOnce(db: Executor, values: Insertable<SubscriptionsTable>): Promise<RecordOutcome> {
  if (values.stripe_subscription_id && (await findSubscription(db, values.stripe_subscription_id))) return "already-recorded";
  const result = await db.insertInto("subscriptions").values(values).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return insertedCount(result) > 0 ? "recorded" : "already-recorded";
}

async function findSubscription(db: Executor, providerId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("stripe_subscription_id", "=", providerId).executeTakeFirst();
}

function intervalOf(gift: GiftMetadata): RecurringInterval {
  return isRecurringFrequency(gift.frequency) ? INTERVAL_OF_FREQUENCY[gift.frequency] : "month";
}

/**
 * A completed checkout. A one-time gift is recorded when paid; a recurring one links
 * its subscription (the gifts themselves arrive as paid invoices, the first included).
 */
export async function recordCheckoutSession(db: Executor, session: ProviderCheckoutSession): Promise<RecordOutcome> {
  const gift = readGiftMetadata(session.metadata);
  if (!gift) return "not-ours";
  if (session.payment_status !== "paid") return "not-paid";
  const email = gift.donorEmail || session.customer_details?.email || session.customer_email || "";
  const name = gift.donorName || session.customer_details?.name || email;

  if (session.mode === "subscription") {
    const subscriptionId = referenceId(session.subscription);
    if (!subscriptionId) return "not-paid";
    const outcome = await insertSubscriptionOnce(db, {
      name,
      email,
      amount_cents: session.amount_total ?? 0,
      purpose: gift.purpose,
      interval: intervalOf(gift),
      payment_day: 1,
      status: "active",
      stripe_subscription_id: subscriptionId,
      stripe_customer_id: referenceId(session.customer),
      stripe_checkout_session_id: session.id,
    });
    if (outcome === "recorded") return outcome;
    // Known already (from its own events): only fill in the links this session adds.
    await db
      .updateTable("subscriptions")
      .set((eb) => ({
        stripe_checkout_session_id: eb.fn.coalesce("stripe_checkout_session_id", eb.val(session.id)),
        stripe_customer_id: eb.fn.coalesce("stripe_customer_id", eb.val(referenceId(session.customer))),
      }))
      .where("stripe_subscription_id", "=", subscriptionId)
      .execute();
    return "already-recorded";
  }

  if (!session.amount_total || session.amount_total <= 0) return "not-paid";
  return insertGiftOnce(
    db,
    {
      name,
      email,
      amount_cents: session.amount_total,
      frequency: "One-Time",
      purpose: gift.purpose,
      donated_at: isoFromSeconds(session.created),
      stripe_checkout_session_id: session.id,
      stripe_payment_intent_id: referenceId(session.payment_intent),
      payment_method: "card",
    },
    { column: "stripe_checkout_session_id", value: session.id },
  );
}

/**
 * A paid invoice of a recurring gift: one donation per invoice, the first one included,
 * linked to its subscription (created here if its own events have not arrived yet).
 */
export async function recordInvoicePayment(db: Executor, invoice: ProviderInvoice): Promise<RecordOutcome> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = referenceId(details?.subscription);
  if (!details || !subscriptionId || !invoice.id) return "not-ours";
  let subscription = await findSubscription(db, subscriptionId);
  const gift = readGiftMetadata(details.metadata);
  if (!subscription && !gift) return "not-ours";
  if (invoice.status !== "paid" || invoice.amount_paid <= 0) return "not-paid";

  if (!subscription) {
    const periodEnd = Math.max(...invoice.lines.data.map((line) => line.period.end));
    await insertSubscriptionOnce(db, {
      name: gift!.donorName || invoice.customer_name || invoice.customer_email || "",
      email: gift!.donorEmail || invoice.customer_email || "",
      amount_cents: invoice.amount_paid,
      purpose: gift!.purpose,
      interval: intervalOf(gift!),
      payment_day: 1,
      status: "active",
      next_payment_date: Number.isFinite(periodEnd) ? isoFromSeconds(periodEnd) : null,
      stripe_subscription_id: subscriptionId,
      stripe_customer_id: referenceId(invoice.customer),
    });
    subscription = (await findSubscription(db, subscriptionId))!;
  }

  return insertGiftOnce(
    db,
    {
      name: subscription.name,
      email: subscription.email,
      amount_cents: invoice.amount_paid,
      frequency: FREQUENCY_OF_INTERVAL[subscription.interval],
      purpose: subscription.purpose,
      donated_at: isoFromSeconds(invoice.status_transitions.paid_at ?? invoice.created),
      subscription_id: subscription.id,
      stripe_invoice_id: invoice.id,
      payment_method: "card",
    },
    { column: "stripe_invoice_id", value: invoice.id },
  );
}

/**
 * The provider's view of a subscription: its status, next charge, amount and schedule.
 * From an event, `observedAt` is the event's time, and the state is applied only when
 * newer than the one held. Without it the state was just read from the provider, so it
 * is the newest there is (any event already applied was created before the read) and
 * is applied whatever the clocks say. A canceled subscription never changes again.
 * Unknown subscriptions of this site are created, unless `createMissing` is false.
 */
export async function applySubscriptionState(
  db: Executor,
  subscription: ProviderSubscription,
  { observedAt, createMissing = true }: { observedAt?: number; createMissing?: boolean } = {},
): Promise<RecordOutcome> {
  const local = await findSubscription(db, subscription.id);
  const gift = readGiftMetadata(subscription.metadata);
  if (!local && (!gift || !createMissing)) return "not-ours";

  const item = subscription.items.data[0];
  const anchor = new Date(subscription.billing_cycle_anchor * 1000);
  const periodEnd = Math.max(...subscription.items.data.map((entry) => entry.current_period_end));
  const canceled = subscription.status === "canceled";
  const stamp = observedAt ?? Math.max(nowSeconds(), local?.provider_state_at ?? 0);
  const state = {
    status: subscription.status,
    next_payment_date: canceled || !Number.isFinite(periodEnd) ? null : isoFromSeconds(periodEnd),
    canceled_at: subscription.canceled_at ? isoFromSeconds(subscription.canceled_at) : null,
    provider_state_at: stamp,
  };

  if (!local) {
    const interval = item?.price.recurring?.interval === "year" ? "year" : intervalOf(gift!);
    const outcome = await insertSubscriptionOnce(db, {
      ...state,
      name: gift!.donorName,
      email: gift!.donorEmail,
      amount_cents: item?.price.unit_amount ?? 0,
      purpose: gift!.purpose,
      interval,
      payment_day: anchor.getUTCDate(),
      payment_month: interval === "year" ? anchor.getUTCMonth() + 1 : 1,
      stripe_subscription_id: subscription.id,
      stripe_customer_id: referenceId(subscription.customer),
    });
    return outcome === "recorded" ? outcome : "unchanged";
  }

  const changed = local.status !== state.status || local.next_payment_date !== state.next_payment_date;
  const result = await db
    .updateTable("subscriptions")
    .set({
      ...state,
      payment_day: anchor.getUTCDate(),
      payment_month: local.interval === "year" ? anchor.getUTCMonth() + 1 : local.payment_month,
      ...(item?.price.unit_amount ? { amount_cents: item.price.unit_amount } : {}),
      updated_at: nowIso(),
    })
    .where("id", "=", local.id)
    .where("provider_state_at", "<=", stamp)
    .where("status", "!=", "canceled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 && changed ? "updated" : "unchanged";
}

/** A recurring charge failed: the subscription is past due, unless newer news says otherwise. */
export async function markSubscriptionPastDue(db: Executor, invoice: ProviderInvoice, observedAt: number): Promise<RecordOutcome> {
  const subscriptionId = referenceId(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return "not-ours";
  const result = await db
    .updateTable("subscriptions")
    .set({ status: "past_due", provider_state_at: observedAt, updated_at: nowIso() })
    .where("stripe_subscription_id", "=", subscriptionId)
    .where("provider_state_at", "<=", observedAt)
    .where("status", "!=", "canceled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? "updated" : "unchanged";
}

/** Runs one recording step in its own transaction (the success page, Sync, Update Status). */
export function recordInTransaction<T>(step: (db: Executor) => Promise<T>): Promise<T> {
  return getDb().transaction().execute(step);
}
