import type { MailParts } from "~/mail/queue";
import { formatDate } from "~/shared/dates";
import { formatCents } from "~/shared/money";
import { FREQUENCY_OF_INTERVAL } from "~/giving/donate";

/**
 * A recurring gift's charge that did not go through: how it is told to the donor (once when
 * it fails, a short thank-you when it is put right, and how to start again if the gift
 * ends), and how its state reads on the staff screen and in My giving.
 */

/** How long the donor's link to put the card right keeps working after the charge failed. */
export const CARD_LINK_DAYS = 45;

/** The window of the staff screen's panel. */
export const TROUBLE_WINDOW_DAYS = 30;

/** Where a failed charge stands: still being tried, paid later, or the gift ended unpaid. */
export type TroubleOutcome = "failed" | "recovered" | "lost";

export function troubleOutcome(row: { recovered_at: string | null; lost_at: string | null }): TroubleOutcome {
  if (row.lost_at) return "lost";
  return row.recovered_at ? "recovered" : "failed";
}

/**
 * A gift that ends while one of its charges is still failing, unless the donor asked for the
 * ending, is lost: the donor is told how to start again, and that mail is their only word
 * of it (not a "canceled" confirmation besides).
 */
export function endsAsLostGift(cancellationReason: string | null | undefined, failedChargeOpen: boolean): boolean {
  return failedChargeOpen && cancellationReason !== "cancellation_requested";
}

/** The gift as the mails name it. */
export interface TroubledGift {
  donorName: string;
  interval: "month" | "year";
  amountCents: number;
  purpose: string;
  isTest: boolean;
}

const kindOf = (gift: TroubledGift) => (gift.interval === "year" ? "yearly gift" : "monthly gift");
const greeting = (gift: TroubledGift) => `Assalamu alaikum ${gift.donorName.trim() || "dear donor"},`;
const subject = (gift: TroubledGift, words: string) => `${gift.isTest ? "[Test] " : ""}${words}`;
const testLine = (gift: TroubledGift) => (gift.isTest ? ["This is a test gift: no money moves."] : []);
const describe = (gift: TroubledGift) =>
  `${kindOf(gift)} of ${formatCents(gift.amountCents)}${gift.purpose ? ` for ${gift.purpose}` : ""}`;

/** "next try Dec 3, 2026", or "no more tries" once the provider stopped. */
export function nextTryWords(nextRetryAt: string | null, timeZone: string): string {
  return nextRetryAt ? `next try ${formatDate(nextRetryAt, timeZone)}` : "no more tries";
}

/** "Past due · next try Dec 3, 2026": a past-due gift on the staff screen. */
export function pastDueWords(nextRetryAt: string | null, timeZone: string): string {
  return `Past due · ${nextTryWords(nextRetryAt, timeZone)}`;
}

/** The one mail for a failed charge, with the way to put the card right. */
export function failedChargeMail(
  gift: TroubledGift,
  charge: { failedAt: string; nextRetryAt: string | null; cardUrl: string },
  timeZone: string,
  organisationName: string,
): MailParts {
  return {
    subject: subject(gift, `Your ${kindOf(gift)} did not go through`),
    greeting: greeting(gift),
    paragraphs: [
      `We tried to take your ${describe(gift)} on ${formatDate(charge.failedAt, timeZone)}, but the card was declined. This happens to many of us: a card expires, or a bank changes its details.`,
      charge.nextRetryAt
        ? `We will try the card again on ${formatDate(charge.nextRetryAt, timeZone)}. If it needs updating, you can put it right in a minute on a secure page; nothing else changes.`
        : "Our card payment provider will not try this card again. If you update it, your gift can carry on as before.",
      `The link below is for you alone and works for ${CARD_LINK_DAYS} days. Please don't forward this mail.`,
      `JazakAllahu khayran for your giving,\n${organisationName}`,
      ...testLine(gift),
    ],
    action: { label: "Update my card", url: charge.cardUrl },
    note: "You are receiving this because a charge for your recurring gift did not go through. If you did not set up this gift, please reply to this mail.",
  };
}

/** The short thank-you once a failed charge is paid after all. */
export function recoveredChargeMail(
  gift: TroubledGift,
  paidAt: string,
  timeZone: string,
  organisationName: string,
): MailParts {
  return {
    subject: subject(gift, `Thank you: your ${kindOf(gift)} is back on track`),
    greeting: greeting(gift),
    paragraphs: [
      `Your ${describe(gift)} went through on ${formatDate(paidAt, timeZone)}. Thank you for putting it right: there is nothing more to do.`,
      `JazakAllahu khayran,\n${organisationName}`,
      ...testLine(gift),
    ],
    note: "You are receiving this because we wrote to you about a charge that did not go through.",
  };
}

/** The donate form, filled in to start the same gift again. */
export function startAgainUrl(
  siteUrl: string,
  gift: Pick<TroubledGift, "amountCents" | "interval" | "purpose">,
): string {
  const query = new URLSearchParams({
    amount: String(gift.amountCents / 100),
    frequency: FREQUENCY_OF_INTERVAL[gift.interval],
    ...(gift.purpose ? { purpose: gift.purpose } : {}),
  });
  return `${siteUrl}/donate?${query}`;
}

/** The one mail when the provider gives up and the gift ends: how to start again, without pressing. */
export function lostGiftMail(gift: TroubledGift, restartUrl: string, organisationName: string): MailParts {
  return {
    subject: subject(gift, `Your ${kindOf(gift)} has stopped`),
    greeting: greeting(gift),
    paragraphs: [
      `We could not take your ${describe(gift)} after several tries, so it has now stopped. Nothing more will be charged, and every gift you have already given stays given.`,
      "If you would like to give again, the form below is filled in with the same gift; it takes a minute.",
      `Whatever you decide, JazakAllahu khayran for all you have given,\n${organisationName}`,
      ...testLine(gift),
    ],
    action: { label: "Start my gift again", url: restartUrl },
    note: "You are receiving this because your recurring gift ended after its charge did not go through.",
  };
}
