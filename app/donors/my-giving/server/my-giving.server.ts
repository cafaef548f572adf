import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import {
  givenCents,
  givingLinkRequestSchema,
  SIGN_IN_LINK_MINUTES,
  signInLinkMail,
  totalsByYear,
} from "../rules/my-giving";
import { nextChargeTaken, shownStatus } from "~/giving/recurring";
import { receiptNumber, yearIn } from "~/giving/receipts";
import { tributeOf, tributeWords } from "~/giving/donate";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { organisation } from "~/lib/organisation.server";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { tokenHash } from "~/lib/token-hash.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import type { Visitor } from "~/lib/visitor.server";
import { queueMail } from "~/mail/queue/index.server";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { appealTitlesById } from "~/appeals/appeals/index.server";
import { listFunds } from "~/funds/funds/index.server";
import {
  cancelSubscription,
  changeRecurringAmount,
  pauseRecurringGift,
  resumeRecurringGift,
  subscriptionHistory,
  type SubscriptionChange,
} from "~/giving/recurring/index.server";
import { normalEmail } from "~/shared/donor-email";
import { oneAtATimeFor } from "~/lib/sql-dialect.server";
import type { Database } from "../../../../db/schema";

/**
 * A donor's own giving, behind a sign-in link sent to their address: single use, valid
 * for 30 minutes, kept only as a hash, at most five an hour per address. Asking answers
 * the same whether or not the address has given: only its owner's inbox can tell.
 */
export const LINKS_PER_HOUR = 5;

export async function requestGivingLink(input: unknown, visitor: Visitor): Promise<void> {
  const { email: typed, website } = parseOrThrow(givingLinkRequestSchema, input);
  await limitPublicFormPosts("giving-link", visitor.clientAddress);
  if (website) return;
  const email = normalEmail(typed);
  const now = new Date();
  const db = getDb();
  await db.transaction().execute(async (trx) => {
    await oneAtATimeFor(trx, `giving-link:${email}`);
    const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
    const recent = await trx
      .selectFrom("giving_sign_in_links")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("email", "=", email)
      .where("created_at", ">", hourAgo)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= LINKS_PER_HOUR) return;
    // No mail to strangers: only to an address that has shown it is its owner's.
    if (!(await isKnownDonor(trx, email))) return;
    const token = randomBytes(32).toString("base64url");
    await trx
      .insertInto("giving_sign_in_links")
      .values({
        email,
        token_hash: tokenHash(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000).toISOString(),
      })
      .execute();
    await queueMail(trx, {
      ...signInLinkMail(`${configuredSiteUrl()}/my-giving/sign-in?token=${token}`),
      kind: "giving-link",
      to: email,
    });
  });
}

/**
 * Whether My giving has something to show this address, learned only through its owner's
 * own action: a gift or recurring gift paid, a card saved for Ramadan nights, or a Zakat
 * reminder confirmed from its inbox. Anyone can type an address into a form; none of these
 * can be had without the card or the inbox behind it.
 */
async function isKnownDonor(db: Kysely<Database>, email: string): Promise<boolean> {
  const known = await db
    .selectFrom("donations")
    .select("email")
    .where("email", "=", email)
    .union(db.selectFrom("subscriptions").select("email").where("email", "=", email))
    .union(
      db
        .selectFrom("ramadan_schedules")
        .select("email")
        .where("email", "=", email)
        .where("status", "!=", "awaiting_card"),
    )
    .union(
      db.selectFrom("zakat_reminders").select("email").where("email", "=", email).where("confirmed_at", "is not", null),
    )
    .limit(1)
    .executeTakeFirst();
  return known !== undefined;
}

/** Uses up a sign-in link: the donor's email when it is unused and on time, else null. */
export async function redeemGivingLink(token: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const used = await getDb()
    .updateTable("giving_sign_in_links")
    .set({ used_at: nowIso() })
    .where("token_hash", "=", tokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .returning("email")
    .executeTakeFirst();
  return used?.email ?? null;
}

export interface MyGift {
  id: number;
  /** The name the donor gave with this gift. */
  donor_name: string;
  receipt_number: string;
  donated_at: string;
  year: number;
  amount_cents: number;
  /** What the donor added to cover the card fee (0 for none): given beside the gift, counted in general Sadaqa. */
  fee_cover_cents: number;
  purpose: string;
  /** The appeal it answered, or "". */
  appeal: string;
  /** "In memory of Fatima Ahmed", or "". */
  tribute: string;
  /** Kept off the public pages (supporter lists say "Anonymous"). */
  anonymous: boolean;
  /** The fund it landed in, and whether that fund is Zakat (al-Mal or al-Fitr). */
  fund: string;
  is_zakat: boolean;
  /** What it was for ("Zakat al-Fitr for 5 people"), or "". */
  designation: string;
  frequency: string;
  is_test: boolean;
  /** The printable receipt page, on this site. */
  receipt_path: string | null;
}

export interface MyRecurringGift {
  id: number;
  stripe_subscription_id: string | null;
  amount_cents: number;
  /** Added to each charge to cover the card fee (0 for none). */
  fee_cover_cents: number;
  interval: "month" | "year";
  /** When it is charged: the day of the month (of payment_month, for a yearly gift). */
  payment_day: number;
  payment_month: number;
  purpose: string;
  /** The appeal it answers, or "". */
  appeal: string;
  /** The provider's status, except "paused" while its charges are skipped. */
  status: string;
  /** The next charge that will really be taken (a paused gift's: the one it resumes with). */
  next_payment_date: string | null;
  /** While past due: the provider's next try at the charge (null once it stopped trying). */
  next_retry_at: string | null;
  /**
   * Whether the provider keeps a card for it that the donor can update (Stripe; in the sandbox, a past-due gift's
   * simulated card).
   */
  card_on_file: boolean;
  /** While paused: when the provider resumes collecting (the day before the charge it resumes with); null otherwise. */
  resumes_at: string | null;
  /** Every change to it, oldest first ("Amount changed by you; from $50 to $25"). */
  history: SubscriptionChange[];
}

/** Every gift and recurring gift given from this address, newest first, with totals by year. */
export async function givingOf(email: string) {
  const timeZone = getEnv().SITE_TIMEZONE;
  const funds = new Map((await listFunds()).map((fund) => [fund.id, fund]));
  const rows = await getDb()
    .selectFrom("donations")
    .selectAll()
    .where("email", "=", normalEmail(email))
    .orderBy("donated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const recurringRows = await getDb()
    .selectFrom("subscriptions")
    .select([
      "id",
      "stripe_subscription_id",
      "stripe_customer_id",
      "amount_cents",
      "fee_cover_cents",
      "interval",
      "payment_day",
      "payment_month",
      "purpose",
      "appeal_id",
      "status",
      "next_payment_date",
      "resumes_at",
      "next_retry_at",
    ])
    .where("email", "=", normalEmail(email))
    .orderBy("created_at", "desc")
    .execute();
  const appeals = await appealTitlesById(
    [...rows, ...recurringRows].flatMap((row) => (row.appeal_id ? [row.appeal_id] : [])),
  );
  const appealOf = (id: number | null) => (id ? (appeals.get(id)?.title ?? "") : "");
  const gifts: MyGift[] = rows.map((row) => ({
    id: row.id,
    donor_name: row.name,
    receipt_number: receiptNumber(row, timeZone),
    donated_at: row.donated_at,
    year: yearIn(row.donated_at, timeZone),
    amount_cents: row.amount_cents,
    fee_cover_cents: row.fee_cover_cents,
    purpose: row.purpose,
    appeal: appealOf(row.appeal_id),
    tribute: tributeOf(row) ? tributeWords(tributeOf(row)!) : "",
    anonymous: row.anonymous === 1,
    fund: funds.get(row.fund_id)?.name ?? "",
    is_zakat: funds.get(row.fund_id)?.is_zakat ?? false,
    designation: row.designation,
    frequency: row.frequency,
    is_test: row.is_test === 1,
    receipt_path: row.receipt_token ? `/receipts/${row.receipt_token}` : null,
  }));
  const portal = getPaymentGateway().kind === "stripe";
  const recurring: MyRecurringGift[] = await Promise.all(
    recurringRows.map(async ({ stripe_customer_id, appeal_id, ...gift }) => ({
      ...gift,
      // As staff and the API see it: a paused gift is "paused", its next charge the one it resumes with.
      status: shownStatus(gift.status, gift.resumes_at !== null),
      next_payment_date: nextChargeTaken(gift),
      appeal: appealOf(appeal_id),
      // The sandbox's simulated billing page has something to do only for a declined card.
      card_on_file: (portal || gift.status === "past_due") && Boolean(stripe_customer_id) && gift.status !== "canceled",
      history: await subscriptionHistory(gift.id, "donor"),
    })),
  );
  // Test payments (the sandbox, Stripe test keys) are listed but never counted: totals and statements are real money.
  return {
    email,
    gifts,
    years: totalsByYear(gifts.filter((gift) => !gift.is_test)),
    testGifts: gifts.filter((gift) => gift.is_test).length,
    recurring,
    timeZone,
  };
}

/**
 * One calendar year's annual giving statement: its real gifts, oldest first, the total and
 * the Zakat within it, named for the donor as they last gave. Null for a year without
 * real gifts (test payments never count). The total is all the donor gave, card fees they
 * covered included (each receipt's "Total given"); the Zakat is the gifts to Zakat funds
 * alone, since a covered fee is counted in general Sadaqa.
 */
export async function givingStatement(email: string, year: number) {
  const giving = await givingOf(email);
  const gifts = giving.gifts.filter((gift) => gift.year === year && !gift.is_test).reverse();
  if (gifts.length === 0) return null;
  const sum = (list: MyGift[], cents: (gift: MyGift) => number) => list.reduce((total, gift) => total + cents(gift), 0);
  return {
    year,
    email: giving.email,
    donor_name: gifts.at(-1)!.donor_name,
    gifts,
    total_cents: sum(gifts, givenCents),
    fee_cover_cents: sum(gifts, (gift) => gift.fee_cover_cents),
    zakat_cents: sum(
      gifts.filter((gift) => gift.is_zakat),
      (gift) => gift.amount_cents,
    ),
    timeZone: giving.timeZone,
    organisation: organisation(),
  };
}

/**
 * A donor acts on a recurring gift through their signed-in session only: the gift must have
 * been given from their address (anyone else's is "not found", as if it did not exist); then
 * the same rules as staff and the API, made "by you".
 */
const DONOR = { kind: "donor", name: "" } as const;

async function ownRecurringGift(email: string, subscriptionId: number) {
  const gift = await getDb()
    .selectFrom("subscriptions")
    .select(["id", "stripe_subscription_id", "stripe_customer_id"])
    .where("id", "=", subscriptionId)
    .where("email", "=", normalEmail(email))
    .executeTakeFirst();
  if (!gift) throw new NotFoundError("Recurring gift not found");
  return gift;
}

/** A donor stops one of their own recurring gifts: at the provider first, then here. */
export async function cancelMyRecurringGift(email: string, subscriptionId: number) {
  const gift = await ownRecurringGift(email, subscriptionId);
  if (!gift.stripe_subscription_id) throw new NotFoundError("Recurring gift not found");
  return cancelSubscription({ subscription_id: gift.stripe_subscription_id }, DONOR);
}

/** A new amount from the next charge ({amount} in dollars); nothing is charged now. */
export async function changeMyRecurringGift(email: string, subscriptionId: number, input: unknown) {
  return changeRecurringAmount((await ownRecurringGift(email, subscriptionId)).id, input, DONOR);
}

/** Skips the next 1, 2 or 3 charges ({charges}); the gift resumes by itself after them. */
export async function pauseMyRecurringGift(email: string, subscriptionId: number, input: unknown) {
  return pauseRecurringGift((await ownRecurringGift(email, subscriptionId)).id, input, DONOR);
}

/** Ends a pause early: collected again from the next charge. */
export async function resumeMyRecurringGift(email: string, subscriptionId: number) {
  return resumeRecurringGift((await ownRecurringGift(email, subscriptionId)).id, DONOR);
}

/**
 * 'Update payment card': the provider's hosted billing page for the customer behind one
 * of this donor's recurring gifts, returning to /my-giving. Null where there is none.
 */
export async function billingPortalFor(email: string, subscriptionId: number): Promise<string | null> {
  const gift = await ownRecurringGift(email, subscriptionId);
  if (!gift.stripe_customer_id) return null;
  const portal = await getPaymentGateway().createBillingPortalSession(
    gift.stripe_customer_id,
    `${configuredSiteUrl()}/my-giving`,
  );
  return portal?.url ?? null;
}
