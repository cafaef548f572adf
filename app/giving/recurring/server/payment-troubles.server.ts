import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import {
  endsAsLostGift,
  failedChargeMail,
  lostGiftMail,
  recoveredChargeMail,
  startAgainUrl,
  type TroubledGift,
} from "../rules/payment-troubles";
import { FINAL_STATUSES, INITIAL_STATUS } from "../rules/subscription-status";
import { nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { organisation } from "~/lib/organisation.server";
import {
  isoFromSeconds,
  referenceId,
  type ProviderInvoice,
  type ProviderSubscription,
} from "~/lib/payments/provider-objects";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { tokenHash } from "~/lib/token-hash.server";
import { queueMail } from "~/mail/queue/index.server";
import type { Database, SubscriptionRow } from "../../../../db/schema";
import { markSubscriptionPastDue, type RecordOutcome } from "~/giving/gifts/index.server";

/**
 * A recurring gift's charge that failed, followed from the provider's events: the gift is
 * past due with the provider's next try; the donor is told once per charge (however often,
 * or in whatever order, the events arrive), with a link to put the card right; a later
 * payment recovers it with a short thank-you; the provider giving up ends it, and the donor
 * is told how to start again. Each step runs inside its event's transaction, mail included.
 */
type Executor = Kysely<Database>;

function subscriptionIdOf(invoice: ProviderInvoice): string | null {
  return referenceId(invoice.parent?.subscription_details?.subscription);
}

function giftOf(row: SubscriptionRow): TroubledGift {
  return {
    donorName: row.name,
    interval: row.interval,
    amountCents: row.amount_cents,
    purpose: row.purpose,
    isTest: row.is_test === 1,
  };
}

/** invoice.payment_failed: past due with the next try, and the donor's one mail for this charge. */
export async function recordFailedCharge(
  db: Executor,
  invoice: ProviderInvoice,
  observedAt: number,
): Promise<RecordOutcome> {
  const providerId = subscriptionIdOf(invoice);
  const gift = providerId
    ? await db
        .selectFrom("subscriptions")
        .selectAll()
        .where("stripe_subscription_id", "=", providerId)
        .executeTakeFirst()
    : undefined;
  // Unknown here, or a first payment that failed at the checkout: there is no gift to keep going.
  if (!gift || !invoice.id || gift.status === INITIAL_STATUS) return markSubscriptionPastDue(db, invoice, observedAt);
  // News of a failed try that arrives after the charge was paid after all changes nothing.
  const paid = await db
    .selectFrom("donations")
    .select("id")
    .where("stripe_invoice_id", "=", invoice.id)
    .executeTakeFirst();
  if (paid) return "unchanged";

  const outcome = await markSubscriptionPastDue(db, invoice, observedAt);
  // Only a gift past due now has a charge to put right: when newer news of it (from the
  // provider, or a change made here) kept it from being marked, the donor is not told.
  const standing = await db
    .selectFrom("subscriptions")
    .select("status")
    .where("id", "=", gift.id)
    .executeTakeFirstOrThrow();
  if (standing.status !== "past_due") return outcome;
  const attempts = Math.max(1, invoice.attempt_count ?? 1);
  const token = randomBytes(32).toString("base64url");
  const started = await db
    .insertInto("recurring_payment_troubles")
    .values({
      subscription_id: gift.id,
      stripe_invoice_id: invoice.id,
      amount_cents: invoice.amount_due ?? gift.amount_cents + gift.fee_cover_cents,
      attempts,
      failed_at: isoFromSeconds(observedAt),
      // The card link's token is mailed once and kept only as a hash, like a sign-in link.
      card_link_hash: tokenHash(token),
      is_test: gift.is_test,
    })
    .onConflict((oc) => oc.column("stripe_invoice_id").doNothing())
    .returningAll()
    .executeTakeFirst();
  const nextRetryAt = invoice.next_payment_attempt ? isoFromSeconds(invoice.next_payment_attempt) : null;

  // The newest try decides the next one: an older try's event arriving late never moves it back.
  const newest = started
    ? started
    : await db
        .updateTable("recurring_payment_troubles")
        .set({ attempts })
        .where("stripe_invoice_id", "=", invoice.id)
        .where("attempts", "<=", attempts)
        .where("recovered_at", "is", null)
        .where("lost_at", "is", null)
        .returningAll()
        .executeTakeFirst();
  if (newest) {
    await db
      .updateTable("subscriptions")
      .set({ next_retry_at: nextRetryAt })
      .where("id", "=", gift.id)
      .where("status", "=", "past_due")
      .execute();
  }
  if (started) {
    const words = failedChargeMail(
      giftOf(gift),
      { failedAt: started.failed_at, nextRetryAt, cardUrl: `${configuredSiteUrl()}/update-card/${token}` },
      getEnv().SITE_TIMEZONE,
      organisation().legalName,
    );
    await queueMail(db, {
      ...words,
      kind: "payment-failed",
      to: gift.email,
      dedupeKey: `payment-failed-${invoice.id}`,
    });
    return "recorded";
  }
  return outcome;
}

/**
 * invoice.paid, after the gift is recorded: a charge paid at or after a failure puts that
 * failure right (the same charge retried, or a later one). The gift is active again and
 * the donor thanked once.
 */
export async function recordRecoveredCharge(db: Executor, invoice: ProviderInvoice, observedAt: number): Promise<void> {
  const providerId = subscriptionIdOf(invoice);
  if (!providerId || !invoice.id || invoice.status !== "paid") return;
  const gift = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("stripe_subscription_id", "=", providerId)
    .executeTakeFirst();
  if (!gift) return;
  const paidAt = isoFromSeconds(invoice.status_transitions.paid_at ?? observedAt);
  const recovered = await db
    .updateTable("recurring_payment_troubles")
    .set({ recovered_at: paidAt })
    .where("subscription_id", "=", gift.id)
    .where("recovered_at", "is", null)
    .where("lost_at", "is", null)
    .where((eb) => eb.or([eb("stripe_invoice_id", "=", invoice.id!), eb("failed_at", "<=", paidAt)]))
    .returning("id")
    .execute();
  if (recovered.length === 0) return;
  await db
    .updateTable("subscriptions")
    .set({ status: "active", provider_state_at: observedAt, updated_at: nowIso() })
    .where("id", "=", gift.id)
    .where("status", "=", "past_due")
    .where("provider_state_at", "<=", observedAt)
    .execute();
  await db.updateTable("subscriptions").set({ next_retry_at: null }).where("id", "=", gift.id).execute();
  const words = recoveredChargeMail(giftOf(gift), paidAt, getEnv().SITE_TIMEZONE, organisation().legalName);
  await queueMail(db, {
    ...words,
    kind: "payment-recovered",
    to: gift.email,
    dedupeKey: `payment-recovered-${invoice.id}`,
  });
}

/**
 * After the provider's news of a subscription: out of past due, there is no next try; ended
 * (or left unpaid) with a failed charge open, the gift is lost, and the donor is told how to
 * start again, once, unless they ended it themselves at the provider.
 */
export async function followSubscriptionTroubles(db: Executor, subscription: ProviderSubscription): Promise<void> {
  const gift = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("stripe_subscription_id", "=", subscription.id)
    .executeTakeFirst();
  if (!gift) return;
  if (gift.status !== "past_due" && gift.next_retry_at !== null) {
    await db.updateTable("subscriptions").set({ next_retry_at: null }).where("id", "=", gift.id).execute();
  }
  const ended = (FINAL_STATUSES as readonly string[]).includes(gift.status) || gift.status === "unpaid";
  if (!ended) return;
  const lost = await db
    .updateTable("recurring_payment_troubles")
    .set({ lost_at: gift.canceled_at ?? nowIso() })
    .where("subscription_id", "=", gift.id)
    .where("recovered_at", "is", null)
    .where("lost_at", "is", null)
    .returning("id")
    .execute();
  if (!endsAsLostGift(subscription.cancellation_details?.reason, lost.length > 0)) return;
  const words = lostGiftMail(giftOf(gift), startAgainUrl(configuredSiteUrl(), giftOf(gift)), organisation().legalName);
  await queueMail(db, { ...words, kind: "payment-lost", to: gift.email, dedupeKey: `payment-lost-${gift.id}` });
}
