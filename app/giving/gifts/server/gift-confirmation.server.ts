import { readGiftMetadata, splitCharge } from "~/lib/payments/gift-metadata";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { referenceId } from "~/lib/payments/provider-objects";
import { centsToDollars } from "~/shared/money";
import {
  FREQUENCY_OF_INTERVAL,
  type FormFrequency,
  tributeOf,
  tributeWords,
  type Tribute,
  type TributeKind,
} from "~/giving/donate";
import { appealOfGift } from "~/appeals/appeals/index.server";
import { fundForPurpose, getFund } from "~/funds/funds/index.server";
import { getDb } from "~/lib/db.server";
import { limitGiftConfirmations } from "~/lib/public-form-limits.server";
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
export interface ConfirmedGift {
  amount: number;
  purpose: string;
  /**
   * The fund's name ("Sadaqa", "Zakat al-Mal"), as the appeal pages and the receipt name it: what the donor is thanked
   * for.
   */
  fund: string;
  frequency: FormFrequency;
  /** As the donor gave it: thanking "Abdul" of "Abdul Rahman" would be thanking "servant of". */
  donorName: string;
  /** What a quick-pay gift was for ("Zakat al-Fitr for 5 people"), when there is one. */
  designation?: string;
  /** The appeal the gift answered, when it did: "Thank you for supporting {appeal}". */
  appeal?: string;
  /** That appeal's address, for "Make Another Donation" to go back to it. */
  appealSlug?: string;
  /** What the donor added to cover the card fee (each charge, for a recurring gift), in dollars, when they did. */
  feeCover?: number;
  /** "In memory of Fatima Ahmed", when the gift was given in someone's name. */
  tribute?: string;
  /** Present (true) when the donor asked to stay off the public pages. */
  anonymous?: true;
}

/** The donor's choices as a recorded gift or recurring gift keeps them. */
interface RecordedChoices {
  appeal_id: number | null;
  fee_cover_cents: number;
  anonymous: number;
  tribute_kind: TributeKind;
  tribute_name: string;
}

/** Only what the donor chose, so a plain gift is thanked for as plainly as before. */
async function choicesOf(gift: {
  appealId: number | null;
  feeCoverCents: number;
  anonymous: boolean;
  tribute: Tribute | null;
}) {
  const appeal = gift.appealId ? await appealOfGift(gift.appealId) : null;
  return {
    ...(appeal ? { appeal: appeal.title, appealSlug: appeal.slug } : {}),
    ...(gift.feeCoverCents > 0 ? { feeCover: centsToDollars(gift.feeCoverCents) } : {}),
    ...(gift.tribute ? { tribute: tributeWords(gift.tribute) } : {}),
    ...(gift.anonymous ? { anonymous: true as const } : {}),
  };
}

function recordedChoices(row: RecordedChoices) {
  return choicesOf({
    appealId: row.appeal_id,
    feeCoverCents: row.fee_cover_cents,
    anonymous: row.anonymous === 1,
    tribute: tributeOf(row),
  });
}

export type GiftConfirmation =
  { status: "paid"; gift: ConfirmedGift } | { status: "processing" } | { status: "unpaid" } | { status: "unknown" };

const CHOICE_COLUMNS = ["appeal_id", "fee_cover_cents", "anonymous", "tribute_kind", "tribute_name"] as const;

// Stripe's and the sandbox's checkout session ids; anything else is not worth a provider call.
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,255}$/;

/**
 * A gift already recorded for this checkout (its webhook arrived, or an earlier visit
 * recorded it): answered from here, without asking the provider again.
 */
async function recordedGift(sessionId: string): Promise<ConfirmedGift | null> {
  const db = getDb();
  const oneTime = await db
    .selectFrom("donations")
    .select(["amount_cents", "purpose", "name", "designation", ...CHOICE_COLUMNS])
    .select((eb) =>
      eb.selectFrom("funds").select("funds.name").whereRef("funds.id", "=", "donations.fund_id").as("fund"),
    )
    .where("stripe_checkout_session_id", "=", sessionId)
    .executeTakeFirst();
  if (oneTime) {
    return {
      amount: centsToDollars(oneTime.amount_cents),
      purpose: oneTime.purpose,
      fund: oneTime.fund ?? oneTime.purpose,
      frequency: "One-Time",
      donorName: oneTime.name,
      ...(oneTime.designation ? { designation: oneTime.designation } : {}),
      ...(await recordedChoices(oneTime)),
    };
  }
  const recurring = await db
    .selectFrom("subscriptions")
    .select(["amount_cents", "purpose", "name", "interval", ...CHOICE_COLUMNS])
    .select((eb) =>
      eb.selectFrom("funds").select("funds.name").whereRef("funds.id", "=", "subscriptions.fund_id").as("fund"),
    )
    .where("stripe_checkout_session_id", "=", sessionId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("donations")
          .select("donations.id")
          .whereRef("donations.subscription_id", "=", "subscriptions.id"),
      ),
    )
    .executeTakeFirst();
  if (!recurring) return null;
  return {
    amount: centsToDollars(recurring.amount_cents),
    purpose: recurring.purpose,
    fund: recurring.fund ?? recurring.purpose,
    frequency: FREQUENCY_OF_INTERVAL[recurring.interval],
    donorName: recurring.name,
    ...(await recordedChoices(recurring)),
  };
}

/** The fund a paid gift not recorded yet goes to: its appeal's, or its purpose's. */
async function fundNameOf(gift: { purpose: string; appealId: number | null }): Promise<string> {
  const appeal = gift.appealId ? await appealOfGift(gift.appealId) : null;
  const fund = appeal ? await getFund(appeal.fund_id).catch(() => null) : await fundForPurpose(gift.purpose);
  return fund?.name ?? gift.purpose;
}

export async function confirmCheckout(sessionId: string, clientAddress: string): Promise<GiftConfirmation> {
  if (!SESSION_ID.test(sessionId)) return { status: "unknown" };
  const recorded = await recordedGift(sessionId);
  if (recorded) return { status: "paid", gift: recorded };
  await limitGiftConfirmations(clientAddress);
  const gateway = getPaymentGateway();
  const session = await gateway.retrieveCheckoutSession(sessionId);
  const gift = session ? readGiftMetadata(session.metadata) : null;
  if (!session || !gift) return { status: "unknown" };
  if (session.payment_status !== "paid") return { status: session.status === "complete" ? "processing" : "unpaid" };

  // The donor has just come back from paying: now is when the gift was made.
  await recordInTransaction((db) => recordCheckoutSession(db, session, { paidAt: Math.floor(Date.now() / 1000) }));
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
  // As recorded: late Zakat al-Fitr, say, is thanked for as the Sadaqa it became.
  const justRecorded = await recordedGift(sessionId);
  if (justRecorded) return { status: "paid", gift: justRecorded };

  const { giftCents, feeCoverCents } = splitCharge(session.amount_total ?? 0, gift.feeCoverCents);
  return {
    status: "paid",
    gift: {
      amount: centsToDollars(giftCents),
      purpose: gift.purpose,
      fund: await fundNameOf(gift),
      frequency: gift.frequency,
      donorName: gift.donorName,
      ...(await choicesOf({ ...gift, feeCoverCents })),
    },
  };
}
