import type { ExpressionBuilder, Insertable, Kysely } from "kysely";
import {
  FREQUENCY_OF_INTERVAL,
  INTERVAL_OF_FREQUENCY,
  isRecurringFrequency,
  type RecurringInterval,
} from "~/giving/donate";
import { endsAsLostGift, FINAL_STATUSES, INITIAL_STATUS } from "~/giving/recurring";
import { getDb, nowIso } from "~/lib/db.server";
import { readGiftMetadata, splitCharge, type GiftMetadata } from "~/lib/payments/gift-metadata";
import {
  isoFromSeconds,
  referenceId,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderSubscription,
} from "~/lib/payments/provider-objects";
import { feeCoverFund, knownAppeal, placeGift, placeRecurringGift } from "./gift-funds.server";
import { newReceiptToken, issueReceipt } from "~/giving/receipts/index.server";
import type { Database, DonationsTable, SubscriptionRow, SubscriptionsTable } from "../../../../db/schema";
import { tellOfTribute } from "./tribute-mail.server";
import { normalEmail } from "~/shared/donor-email";
import {
  PROVIDER,
  recordSubscriptionChange,
  type ChangeActor,
  type ChangeRecord,
} from "~/giving/recurring/index.server";

/**
 * Records what the card provider reports, exactly once. The webhook handler, the
 * success page, the sandbox and the Sync button all come through here; the UNIQUE
 * provider identifiers make every insert idempotent, and subscription states carry the
 * provider's timestamp so an older event never overwrites a newer state.
 *
 * Each function takes an open transaction (use `recordInTransaction` from outside one),
 * so a webhook event and the record of having handled it commit together, and a check
 * for an existing record and the insert that follows it cannot be interleaved.
 *
 * `observedAt` is when the provider's object was true: the event's time for a webhook,
 * or left out when it was just read from the provider (then it is the newest there is).
 */
type Executor = Kysely<Database>;

export type RecordOutcome = "recorded" | "already-recorded" | "updated" | "unchanged" | "not-ours" | "not-paid";

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function insertedCount(result: { numInsertedOrUpdatedRows?: bigint }): number {
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

const testFlag = (livemode: boolean) => (livemode ? 0 : 1) as 0 | 1;

/**
 * Inserts a gift unless one with this provider id exists, with its receipt. Looking first
 * keeps donation ids free of gaps (a conflicting INSERT uses an id up), which auditors
 * would otherwise ask about; the UNIQUE index still refuses a second row should two
 * writers race.
 */
export async function insertGiftOnce(
  db: Executor,
  values: Insertable<DonationsTable>,
  // A Ramadan night's charge is known by its payment intent.
  key: { column: "stripe_checkout_session_id" | "stripe_invoice_id" | "stripe_payment_intent_id"; value: string },
): Promise<RecordOutcome> {
  const existing = await db.selectFrom("donations").select("id").where(key.column, "=", key.value).executeTakeFirst();
  if (existing) return "already-recorded";
  const inserted = await db
    .insertInto("donations")
    .values({ ...values, email: normalEmail(values.email ?? ""), receipt_token: newReceiptToken() })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) return "already-recorded";
  // In the same transaction: the gift, its receipt and word of its tribute are kept together, once.
  await issueReceipt(db, inserted);
  await tellOfTribute(db, inserted);
  return "recorded";
}

/** What the donor chose beside the amount, as a gift's or a recurring gift's columns. */
function donorChoices(gift: Pick<GiftMetadata, "anonymous" | "tribute">, appealId: number | null) {
  return {
    appeal_id: appealId,
    anonymous: gift.anonymous ? 1 : 0,
    tribute_kind: gift.tribute?.kind ?? "",
    tribute_name: gift.tribute?.name ?? "",
    tribute_email: gift.tribute?.email ?? "",
  } as const;
}

/** A recurring gift's amount and the fee cover added to each of its charges. */
function recurringAmounts(charge: { giftCents: number; feeCoverCents: number }) {
  return { amount_cents: charge.giftCents, fee_cover_cents: charge.feeCoverCents };
}

/** A charge's gift and fee cover, with the fund the fee cover is counted in. */
async function chargeParts(db: Executor, totalCents: number, feeCoverCents: number) {
  const { giftCents, feeCoverCents: fee } = splitCharge(totalCents, feeCoverCents);
  return { amount_cents: giftCents, fee_cover_cents: fee, fee_fund_id: await feeCoverFund(db, fee) };
}

/** The same for a subscription, by its provider id. */
async function insertSubscriptionOnce(db: Executor, values: Insertable<SubscriptionsTable>): Promise<RecordOutcome> {
  if (values.stripe_subscription_id && (await findSubscription(db, values.stripe_subscription_id)))
    return "already-recorded";
  const result = await db
    .insertInto("subscriptions")
    .values({ ...values, email: normalEmail(values.email) })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return insertedCount(result) > 0 ? "recorded" : "already-recorded";
}

async function findSubscription(db: Executor, providerId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("stripe_subscription_id", "=", providerId).executeTakeFirst();
}

function intervalOf(gift: GiftMetadata): RecurringInterval {
  return isRecurringFrequency(gift.frequency) ? INTERVAL_OF_FREQUENCY[gift.frequency] : "month";
}

/** payment_day and payment_month from the moment a schedule is anchored on. */
function scheduleOf(anchorSeconds: number, interval: RecurringInterval) {
  const anchor = new Date(anchorSeconds * 1000);
  return { payment_day: anchor.getUTCDate(), payment_month: interval === "year" ? anchor.getUTCMonth() + 1 : 1 };
}

/**
 * A completed checkout. A one-time gift is recorded when paid, dated `paidAt` (the
 * event's time, or now when confirmed by the donor's return), else the session's
 * creation; a recurring one links its subscription, whose gifts arrive as paid
 * invoices, the first included.
 */
export async function recordCheckoutSession(
  db: Executor,
  session: ProviderCheckoutSession,
  { paidAt }: { paidAt?: number } = {},
): Promise<RecordOutcome> {
  const gift = readGiftMetadata(session.metadata);
  if (!gift) return "not-ours";
  if (session.payment_status !== "paid") return "not-paid";
  const email = gift.donorEmail || session.customer_details?.email || session.customer_email || "";
  const name = gift.donorName || session.customer_details?.name || email;

  const appealId = await knownAppeal(db, gift.appealId);
  if (session.mode === "subscription") {
    const subscriptionId = referenceId(session.subscription);
    if (!subscriptionId) return "not-paid";
    const outcome = await insertSubscriptionOnce(db, {
      name,
      email,
      // Paid today: the first gift and its fee cover; each later charge is the same.
      ...recurringAmounts(splitCharge(session.amount_total ?? 0, gift.feeCoverCents)),
      ...donorChoices(gift, appealId),
      ...(await placeRecurringGift(db, gift.purpose, appealId)),
      interval: intervalOf(gift),
      payment_day: 1,
      // A paid checkout means the subscription is running; its own events, when newer, say more.
      status: "active",
      provider_state_at: paidAt ?? nowSeconds(),
      stripe_subscription_id: subscriptionId,
      stripe_customer_id: referenceId(session.customer),
      stripe_checkout_session_id: session.id,
      is_test: testFlag(session.livemode),
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
  const donatedAt = isoFromSeconds(paidAt ?? session.created);
  return insertGiftOnce(
    db,
    {
      name,
      email,
      ...(await chargeParts(db, session.amount_total, gift.feeCoverCents)),
      ...donorChoices(gift, appealId),
      frequency: "One-Time",
      ...(await placeGift(db, { ...gift, appealId }, donatedAt)),
      donated_at: donatedAt,
      stripe_checkout_session_id: session.id,
      stripe_payment_intent_id: referenceId(session.payment_intent),
      payment_method: "card",
      is_test: testFlag(session.livemode),
    },
    { column: "stripe_checkout_session_id", value: session.id },
  );
}

/**
 * A paid invoice of a recurring gift: one donation per invoice, the first one included,
 * linked to its subscription (created here if its own events have not arrived yet).
 */
export async function recordInvoicePayment(
  db: Executor,
  invoice: ProviderInvoice,
  { observedAt }: { observedAt?: number } = {},
): Promise<RecordOutcome> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = referenceId(details?.subscription);
  if (!details || !subscriptionId || !invoice.id) return "not-ours";
  let subscription = await findSubscription(db, subscriptionId);
  const gift = readGiftMetadata(details.metadata);
  if (!subscription && !gift) return "not-ours";
  if (invoice.status !== "paid" || invoice.amount_paid <= 0) return "not-paid";

  if (!subscription) {
    // The period the invoice pays for ends where the next charge falls: the schedule's
    // anchor. A line that ends the day it was paid (a one-off line) says nothing about it.
    const paidAt = invoice.status_transitions.paid_at ?? invoice.created;
    const periodEnd = Math.max(
      ...invoice.lines.data.map((line) => line.period.end).filter((end) => end > paidAt + 24 * 60 * 60),
    );
    const interval = intervalOf(gift!);
    const appealId = await knownAppeal(db, gift!.appealId);
    await insertSubscriptionOnce(db, {
      name: gift!.donorName || invoice.customer_name || invoice.customer_email || "",
      email: gift!.donorEmail || invoice.customer_email || "",
      ...recurringAmounts(splitCharge(invoice.amount_paid, gift!.feeCoverCents)),
      ...donorChoices(gift!, appealId),
      ...(await placeRecurringGift(db, gift!.purpose, appealId)),
      interval,
      ...(Number.isFinite(periodEnd) ? scheduleOf(periodEnd, interval) : { payment_day: 1 }),
      status: "active",
      next_payment_date: Number.isFinite(periodEnd) ? isoFromSeconds(periodEnd) : null,
      provider_state_at: observedAt ?? nowSeconds(),
      stripe_subscription_id: subscriptionId,
      stripe_customer_id: referenceId(invoice.customer),
      is_test: testFlag(invoice.livemode),
    });
    subscription = (await findSubscription(db, subscriptionId))!;
  }

  // Each charge goes where the recurring gift was set up, even to a fund archived since.
  const donatedAt = isoFromSeconds(invoice.status_transitions.paid_at ?? invoice.created);
  return insertGiftOnce(
    db,
    {
      name: subscription.name,
      email: subscription.email,
      ...(await chargeParts(db, invoice.amount_paid, subscription.fee_cover_cents)),
      appeal_id: subscription.appeal_id,
      anonymous: subscription.anonymous,
      tribute_kind: subscription.tribute_kind,
      tribute_name: subscription.tribute_name,
      tribute_email: subscription.tribute_email,
      frequency: FREQUENCY_OF_INTERVAL[subscription.interval],
      ...(await placeGift(
        db,
        { purpose: subscription.purpose, designation: "", fundId: subscription.fund_id },
        donatedAt,
      )),
      donated_at: donatedAt,
      subscription_id: subscription.id,
      stripe_invoice_id: invoice.id,
      payment_method: "card",
      is_test: testFlag(invoice.livemode),
    },
    { column: "stripe_invoice_id", value: invoice.id },
  );
}

/**
 * Whether a stored state may give way to a new one seen at `stamp`: not when the stored
 * one is newer, never out of a final state, and never back to the initial state
 * (Stripe creates a checkout's subscription 'incomplete' and makes it 'active' within
 * the same second, so equal times must not undo the payment).
 */
function mayReplace(newStatus: string, stamp: number) {
  return (eb: ExpressionBuilder<Database, "subscriptions">) =>
    eb.and([
      eb("provider_state_at", "<=", stamp),
      eb("status", "not in", [...FINAL_STATUSES]),
      ...(newStatus === INITIAL_STATUS ? [eb("status", "=", INITIAL_STATUS)] : []),
    ]);
}

/** When the provider resumes collecting a paused subscription, or null when it is not paused. */
function resumesAtOf(subscription: ProviderSubscription): string | null {
  const resumesAt = subscription.pause_collection?.resumes_at;
  return resumesAt ? isoFromSeconds(resumesAt) : null;
}

/**
 * The provider's view of a subscription: its status, next charge, amount, pause and
 * schedule, applied when `mayReplace` allows. Unknown subscriptions of this site are
 * created, unless `createMissing` is false. A change of amount, pause or an ending is kept
 * in the gift's history as made by `actor` (the provider, unless this site made it), once:
 * when this site's own change comes back as an event, the row already shows it.
 */
export async function applySubscriptionState(
  db: Executor,
  subscription: ProviderSubscription,
  {
    observedAt,
    createMissing = true,
    eventId,
    actor = PROVIDER,
  }: { observedAt?: number; createMissing?: boolean; eventId?: string; actor?: ChangeActor } = {},
): Promise<RecordOutcome> {
  const local = await findSubscription(db, subscription.id);
  const gift = readGiftMetadata(subscription.metadata);
  if (!local && (!gift || !createMissing)) return "not-ours";

  const item = subscription.items.data[0];
  const interval: RecurringInterval =
    local?.interval ?? (item?.price.recurring?.interval === "year" ? "year" : intervalOf(gift!));
  const periodEnd = Math.max(...subscription.items.data.map((entry) => entry.current_period_end));
  const ended = (FINAL_STATUSES as readonly string[]).includes(subscription.status);
  // Read straight from the provider: newer than anything already applied, whatever the clocks say.
  const stamp = observedAt ?? Math.max(nowSeconds(), local?.provider_state_at ?? 0);
  const state = {
    status: subscription.status,
    next_payment_date: ended || !Number.isFinite(periodEnd) ? null : isoFromSeconds(periodEnd),
    canceled_at: subscription.canceled_at ? isoFromSeconds(subscription.canceled_at) : null,
    provider_state_at: stamp,
    resumes_at: ended ? null : resumesAtOf(subscription),
    ...scheduleOf(subscription.billing_cycle_anchor, interval),
    // The card it is charged to, when the provider says (a card removed leaves the last one known).
    ...(referenceId(subscription.default_payment_method)
      ? { default_payment_method: referenceId(subscription.default_payment_method) }
      : {}),
  };

  // The gift's price and the fee cover's are items of their own: the gift is what is not fee cover.
  const feeCover = local?.fee_cover_cents ?? gift?.feeCoverCents ?? 0;
  const charged = subscription.items.data.reduce((sum, entry) => sum + (entry.price.unit_amount ?? 0), 0);
  const charge = splitCharge(charged, feeCover);
  const giftCents = charge.giftCents;

  if (!local) {
    const appealId = await knownAppeal(db, gift!.appealId);
    const outcome = await insertSubscriptionOnce(db, {
      ...state,
      name: gift!.donorName,
      email: gift!.donorEmail,
      ...recurringAmounts(charge),
      ...donorChoices(gift!, appealId),
      ...(await placeRecurringGift(db, gift!.purpose, appealId)),
      interval,
      stripe_subscription_id: subscription.id,
      stripe_customer_id: referenceId(subscription.customer),
      is_test: testFlag(subscription.livemode),
    });
    return outcome === "recorded" ? outcome : "unchanged";
  }

  const changed = local.status !== state.status || local.next_payment_date !== state.next_payment_date;
  const result = await db
    .updateTable("subscriptions")
    .set({ ...state, ...(giftCents > 0 ? { amount_cents: giftCents } : {}), updated_at: nowIso() })
    .where("id", "=", local.id)
    .where(mayReplace(state.status, stamp))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) {
    const history = {
      providerEventId: eventId ?? null,
      happenedAt: eventId && observedAt ? isoFromSeconds(observedAt) : nowIso(),
    };
    const updated = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", local.id)
      .executeTakeFirstOrThrow();
    const lost =
      ended &&
      !(FINAL_STATUSES as readonly string[]).includes(local.status) &&
      endsAsLostGift(subscription.cancellation_details?.reason, await hasFailedChargeOpen(db, local.id));
    for (const { change, mail } of changesBetween(local, updated, stamp, { lost })) {
      await recordSubscriptionChange(db, updated, change, actor, { ...history, mail });
    }
    const careChanged =
      updated.amount_cents !== local.amount_cents ||
      updated.resumes_at !== local.resumes_at ||
      updated.default_payment_method !== local.default_payment_method;
    return changed || careChanged ? "updated" : "unchanged";
  }
  // Older news still knows the schedule: fill in what a row made from its checkout lacks.
  if (state.next_payment_date && !ended) {
    await db
      .updateTable("subscriptions")
      .set({
        next_payment_date: state.next_payment_date,
        payment_day: state.payment_day,
        payment_month: state.payment_month,
      })
      .where("id", "=", local.id)
      .where("next_payment_date", "is", null)
      .where("status", "not in", [...FINAL_STATUSES])
      .execute();
  }
  return "unchanged";
}

/**
 * Whether this site does not know when a recurring gift is charged next: not known here at
 * all (and `ours` by the provider's metadata), or known without a next charge while it has
 * not ended.
 */
export async function lacksSubscriptionPeriod(db: Executor, providerId: string, ours: boolean): Promise<boolean> {
  const local = await findSubscription(db, providerId);
  if (!local) return ours;
  return local.next_payment_date === null && !(FINAL_STATUSES as readonly string[]).includes(local.status);
}

/**
 * The provider's subscription, read at `readAt` because the site did not know its next
 * charge, applied (creating the gift when none of its events made it) unless something
 * newer already said when it is charged next.
 */
export async function learnSubscriptionPeriod(
  db: Executor,
  subscription: ProviderSubscription,
  readAt: number,
): Promise<RecordOutcome> {
  if (!(await lacksSubscriptionPeriod(db, subscription.id, true))) return "unchanged";
  return applySubscriptionState(db, subscription, { observedAt: readAt });
}

/** Whether a charge of the gift failed and is neither paid since nor given up on. */
async function hasFailedChargeOpen(db: Executor, subscriptionId: number): Promise<boolean> {
  const open = await db
    .selectFrom("recurring_payment_troubles")
    .select("id")
    .where("subscription_id", "=", subscriptionId)
    .where("recovered_at", "is", null)
    .where("lost_at", "is", null)
    .executeTakeFirst();
  return Boolean(open);
}

/**
 * What the gift's history gains between two states of its row. A pause that ran its
 * course (the provider resumed collecting when it said it would) is kept in the history
 * without a mail: the donor was told the date when it was paused. A card is "updated" only
 * when one was known before: learning the card the checkout saved is not a change. A gift
 * `lost` to failed charges keeps its "canceled" line, but its one mail is the lost gift's.
 */
function changesBetween(before: SubscriptionRow, after: SubscriptionRow, stamp: number, { lost }: { lost: boolean }) {
  const changes: Array<{ change: ChangeRecord; mail: boolean }> = [];
  const isFinal = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);
  if (isFinal(after.status)) {
    // Confirmed once, whoever ended it (the donor, staff or the provider): its line is the mail's key.
    if (!isFinal(before.status)) changes.push({ change: { kind: "canceled" }, mail: !lost });
    return changes;
  }
  if (after.amount_cents !== before.amount_cents) {
    changes.push({
      change: { kind: "amount_changed", fromCents: before.amount_cents, toCents: after.amount_cents },
      mail: true,
    });
  }
  if (before.default_payment_method && after.default_payment_method !== before.default_payment_method) {
    changes.push({ change: { kind: "card_updated" }, mail: true });
  }
  if (after.resumes_at !== before.resumes_at) {
    if (after.resumes_at) changes.push({ change: { kind: "paused", resumesAt: after.resumes_at }, mail: true });
    else {
      const ranItsCourse = before.resumes_at !== null && Date.parse(before.resumes_at) <= stamp * 1000;
      changes.push({ change: { kind: "resumed" }, mail: !ranItsCourse });
    }
  }
  return changes;
}

/**
 * A recurring charge failed: the subscription is past due, unless newer news says
 * otherwise. A subscription still 'incomplete' never started (its first payment failed
 * at the checkout), so it is not past due.
 */
export async function markSubscriptionPastDue(
  db: Executor,
  invoice: ProviderInvoice,
  observedAt: number,
): Promise<RecordOutcome> {
  const subscriptionId = referenceId(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return "not-ours";
  const result = await db
    .updateTable("subscriptions")
    .set({ status: "past_due", provider_state_at: observedAt, updated_at: nowIso() })
    .where("stripe_subscription_id", "=", subscriptionId)
    .where(mayReplace("past_due", observedAt))
    .where("status", "!=", INITIAL_STATUS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? "updated" : "unchanged";
}

/** Runs one recording step in its own transaction (the success page, Sync, Update Status). */
export function recordInTransaction<T>(step: (db: Executor) => Promise<T>): Promise<T> {
  return getDb().transaction().execute(step);
}
