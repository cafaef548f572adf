import { feeCoverCents } from "~/giving/donate";
import { recurringAmountSchema, recurringPauseSchema } from "../rules/recurring-changes";
import { resumeCollectionAt } from "../rules/recurring-pause";
import { canPause, canResume, FINAL_STATUSES, isChangeable } from "../rules/subscription-status";
import { dollarsToCents } from "~/shared/money";
import { getDb } from "~/lib/db.server";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import type { SubscriptionChanged } from "~/lib/payments/gateway";
import { ConflictError, NotFoundError, parseOrThrow, ValidationError } from "~/lib/service-errors";
import type { SubscriptionRow } from "../../../../db/schema";
import { currentCardFee } from "~/giving/donate/index.server";
import { applySubscriptionState, learnSubscriptionPeriod, recordInTransaction } from "~/giving/gifts/index.server";
import { receiveProviderWebhook } from "~/giving/provider/index.server";
import type { ChangeActor } from "./subscription-history.server";
import { findSubscriptionById, type Subscription } from "./subscriptions.server";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * A donor (through My giving) or staff change a recurring gift's amount, pause it for a
 * few charges or resume it early. Nothing is charged now. The provider is told first, so
 * nothing changes here unless it agreed; then its answer is applied, and the change kept in
 * the gift's history with one mail to the donor, in one transaction. When the provider's
 * own event about the change arrives, the row already shows it, so nothing is kept twice.
 */

/** Who acts: the donor from My giving, or a member of staff by their username. */
export type RecurringActor = ChangeActor & { kind: "donor" | "staff" };

/** A new amount from the next charge; a covered card fee is worked out again on it. */
export async function changeRecurringAmount(
  subscriptionId: number,
  input: unknown,
  actor: RecurringActor,
): Promise<Subscription> {
  const { amount } = parseOrThrow(recurringAmountSchema, input);
  const gift = await changeableGift(subscriptionId);
  const giftCents = dollarsToCents(amount);
  // Nothing would change, and the donor would be told of a change that never was.
  if (giftCents === gift.amount_cents) throw new ValidationError({ amount: ["That is already the amount"] });
  const feeCover = gift.fee_cover_cents > 0 ? feeCoverCents(giftCents, await currentCardFee()) : 0;
  const answer = await getPaymentGateway().changeSubscriptionAmount(gift.stripe_subscription_id!, giftCents, feeCover);
  return applyAnswer(gift, answer, actor, "change", async (db) => {
    // The gift is what the provider charges beyond the fee cover: the new fee cover first.
    await db.updateTable("subscriptions").set({ fee_cover_cents: feeCover }).where("id", "=", gift.id).execute();
  });
}

/** Skips the next `charges` charges; the provider resumes collecting the day before the one after. */
export async function pauseRecurringGift(
  subscriptionId: number,
  input: unknown,
  actor: RecurringActor,
): Promise<Subscription> {
  const { charges } = parseOrThrow(recurringPauseSchema, input);
  const known = await changeableGift(subscriptionId);
  // Pausing again would move the end of the pause the donor was told about.
  if (!canPause(known)) throw new ConflictError("This recurring gift is already paused");
  const gift = await withNextCharge(known);
  if (!gift.next_payment_date) throw new ConflictError("This recurring gift has no next charge to pause yet");
  const resumesAt = resumeCollectionAt(new Date(gift.next_payment_date), gift.interval, charges, gift.payment_day);
  const answer = await getPaymentGateway().pauseSubscription(gift.stripe_subscription_id!, resumesAt);
  return applyAnswer(gift, answer, actor, "pause");
}

/** Collects again from the next charge. */
export async function resumeRecurringGift(subscriptionId: number, actor: RecurringActor): Promise<Subscription> {
  const gift = await changeableGift(subscriptionId);
  if (!canResume(gift)) throw new ConflictError("This recurring gift is not paused");
  const answer = await getPaymentGateway().resumeSubscription(gift.stripe_subscription_id!);
  return applyAnswer(gift, answer, actor, "resume");
}

/**
 * The gift with its next charge: when the provider's word of it never reached this site (a
 * lost event, or the provider unreachable when the first charge was recorded), it is asked
 * of the provider now, so a pause counts its charges from the real one.
 */
async function withNextCharge(gift: SubscriptionRow): Promise<SubscriptionRow> {
  if (gift.next_payment_date || !gift.stripe_subscription_id) return gift;
  const readAt = Math.floor(Date.now() / 1000);
  const subscription = await getPaymentGateway().retrieveSubscription(gift.stripe_subscription_id);
  if (!subscription) return gift;
  await recordInTransaction((db) => learnSubscriptionPeriod(db, subscription, readAt));
  return getDb().selectFrom("subscriptions").selectAll().where("id", "=", gift.id).executeTakeFirstOrThrow();
}

/** A gift that can change now (`isChangeable`), or the reason it cannot. */
async function changeableGift(subscriptionId: number): Promise<SubscriptionRow> {
  const gift = Number.isSafeInteger(subscriptionId)
    ? await getDb().selectFrom("subscriptions").selectAll().where("id", "=", subscriptionId).executeTakeFirst()
    : undefined;
  if (!gift) throw new NotFoundError("Recurring gift not found");
  if (isChangeable(gift)) return gift;
  if ((FINAL_STATUSES as readonly string[]).includes(gift.status)) {
    throw new ConflictError(`This recurring gift has ended (${gift.status}); it can no longer be changed`);
  }
  if (!gift.stripe_subscription_id)
    throw new ConflictError("This recurring gift is not known to the card payment provider yet");
  if (gift.status === "past_due")
    throw new ConflictError(
      "This recurring gift's last charge did not go through; it can be changed once the card is put right",
    );
  throw new ConflictError(`This recurring gift cannot be changed while it is ${gift.status}`);
}

/**
 * The provider's answer, applied with its history and mail in one transaction; then the
 * sandbox's events are delivered as Stripe's would be (they find the change already kept).
 */
async function applyAnswer(
  gift: SubscriptionRow,
  answer: SubscriptionChanged,
  actor: RecurringActor,
  action: "change" | "pause" | "resume",
  before?: Parameters<typeof recordInTransaction>[0],
): Promise<Subscription> {
  await recordInTransaction(async (db) => {
    if (before) await before(db);
    // As new as anything the provider stamped up to now, and no newer: the provider's next
    // news (a charge failing in this same second) must still be able to replace it.
    const observedAt = Math.max(Math.floor(Date.now() / 1000), gift.provider_state_at);
    await applySubscriptionState(db, answer.subscription, { actor, createMissing: false, observedAt });
    // A donor's own change from My giving is in the gift's history; the trail is for staff.
    if (actor.kind === "staff") {
      const after = await db.selectFrom("subscriptions").selectAll().where("id", "=", gift.id).executeTakeFirst();
      await recordAudit(
        {
          action,
          entity: "subscription",
          entityId: gift.id,
          summary: `Recurring gift of ${gift.name}`,
          before: recurringTerms(gift),
          after: after ? recurringTerms(after) : null,
        },
        db,
      );
    }
  });
  for (const event of answer.events) await receiveProviderWebhook(Buffer.from(event.payload), event.signature);
  return (await findSubscriptionById(gift.id))!;
}

/** What a change, a pause or a resumption can alter, as the audit trail keeps it. */
function recurringTerms(gift: SubscriptionRow) {
  return {
    status: gift.status,
    amount_cents: gift.amount_cents,
    fee_cover_cents: gift.fee_cover_cents,
    resumes_at: gift.resumes_at,
  };
}
