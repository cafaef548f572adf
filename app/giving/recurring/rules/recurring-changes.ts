import { z } from "~/shared/zod";
import { readNumber } from "~/shared/amount-input";
import { formatDate } from "~/shared/dates";
import { formatCents } from "~/shared/money";
import type { MailParts } from "~/mail/queue";
import { dollarAmount, MINIMUM_DONATION } from "~/giving/donate";
import { chargeResumingAfter, PAUSE_CHARGES, type GiftSchedule, type PauseCharges } from "./recurring-pause";

/**
 * Changing, pausing and resuming a recurring gift: what may be asked (My giving, the staff
 * screen and the API share these rules), and how each change is told to the donor.
 */

/** A new amount, from the next charge: the donate form's rules. */
export const recurringAmountSchema = z.object({
  amount: dollarAmount(MINIMUM_DONATION, `The minimum donation is $${MINIMUM_DONATION}`),
});

const CHARGES_MESSAGE = "Choose to pause for 1, 2 or 3 charges";

export const recurringPauseSchema = z.object({
  charges: z.preprocess(
    readNumber,
    z
      .number({ error: CHARGES_MESSAGE })
      .refine((value): value is PauseCharges => (PAUSE_CHARGES as readonly number[]).includes(value), CHARGES_MESSAGE),
  ),
});

export type RecurringChangeKind = "created" | "amount_changed" | "paused" | "resumed" | "card_updated" | "canceled";
export type RecurringChangeActor = "donor" | "staff" | "provider";

/** One line of a gift's history, as the services keep it. */
export interface RecurringChange {
  kind: RecurringChangeKind;
  fromCents: number | null;
  toCents: number | null;
  resumesAt: string | null;
  actor: RecurringChangeActor;
}

/** The charge that follows a pause: the gift's first on its schedule once the provider collects again. */
export function resumingChargeOf(resumesAt: string, schedule: GiftSchedule): Date {
  return chargeResumingAfter(new Date(resumesAt), schedule);
}

/** That charge's date, as donors and staff read it ("Mar 1, 2027"). */
export function resumingChargeDay(resumesAt: string, schedule: GiftSchedule, timeZone: string): string {
  return formatDate(resumingChargeOf(resumesAt, schedule).toISOString(), timeZone);
}

const BY_WHOM: Record<RecurringChangeActor, string> = {
  donor: "by you",
  staff: "by our team",
  provider: "at the card payment provider",
};

/** Who reads a gift's history: the donor ("by you") or staff ("by the donor", "by amina"). */
export type HistoryReader = "donor" | "staff";

/** Who made a change, in the reader's own words. */
export function changedBy(actor: RecurringChangeActor, actorName: string, reader: HistoryReader): string {
  if (reader === "donor") return BY_WHOM[actor];
  return { donor: "by the donor", staff: `by ${actorName || "staff"}`, provider: "at the card payment provider" }[
    actor
  ];
}

const KIND_WORDS: Record<RecurringChangeKind, string> = {
  created: "Started",
  amount_changed: "Amount changed",
  paused: "Paused",
  resumed: "Resumed",
  card_updated: "Card updated",
  canceled: "Canceled",
};

/** What a change did beyond its kind ("from $50 to $25"), or null. */
function changeDetails(change: RecurringChange, schedule: GiftSchedule, timeZone: string): string | null {
  switch (change.kind) {
    case "created":
      return change.toCents === null ? null : `at ${formatCents(change.toCents)}`;
    case "amount_changed":
      return `from ${formatCents(change.fromCents ?? 0)} to ${formatCents(change.toCents ?? 0)}`;
    case "paused":
      return change.resumesAt
        ? `resumes with the charge on ${resumingChargeDay(change.resumesAt, schedule, timeZone)}`
        : null;
    default:
      return null;
  }
}

/**
 * A line of a gift's history, every kind alike: "<Kind> <by whom>; <details>" ("Paused by
 * you; resumes with the charge on Mar 1, 2027", "Amount changed by the donor; from $50 to
 * $25", "Resumed by our team").
 */
export function changeWords(
  change: RecurringChange & { actorName?: string },
  schedule: GiftSchedule,
  timeZone: string,
  reader: HistoryReader,
): string {
  const details = changeDetails(change, schedule, timeZone);
  return `${KIND_WORDS[change.kind]} ${changedBy(change.actor, change.actorName ?? "", reader)}${details ? `; ${details}` : ""}`;
}

/** The confirmation the donor receives for each change, whoever made it. */
export function recurringChangeMail(
  change: RecurringChange,
  gift: GiftSchedule & { donorName: string; amountCents: number; isTest: boolean; myGivingUrl: string },
  timeZone: string,
  organisationName: string,
): MailParts {
  const kindOfGift = gift.interval === "year" ? "yearly gift" : "monthly gift";
  const subjects: Record<RecurringChangeKind, string> = {
    created: `Your ${kindOfGift} has started`,
    amount_changed: `Your ${kindOfGift} is now ${formatCents(change.toCents ?? gift.amountCents)}`,
    paused: `Your ${kindOfGift} is paused`,
    resumed: `Your ${kindOfGift} has resumed`,
    card_updated: `The card for your ${kindOfGift} is updated`,
    canceled: `Your ${kindOfGift} is canceled`,
  };
  const what: Record<RecurringChangeKind, string> = {
    created: `Your ${kindOfGift} of ${formatCents(gift.amountCents)} has started.`,
    amount_changed: `Your ${kindOfGift} is now ${formatCents(change.toCents ?? gift.amountCents)} instead of ${formatCents(change.fromCents ?? 0)}, from its next charge. Nothing is charged now.`,
    paused: change.resumesAt
      ? `Your ${kindOfGift} is paused. It resumes by itself with the charge on ${resumingChargeDay(change.resumesAt, gift, timeZone)}; nothing is charged before then.`
      : `Your ${kindOfGift} is paused; nothing is charged until it resumes.`,
    resumed: `Your ${kindOfGift} of ${formatCents(gift.amountCents)} has resumed, from its next charge.`,
    card_updated: `The card for your ${kindOfGift} is updated.`,
    canceled: `Your ${kindOfGift} is canceled; nothing more will be charged.`,
  };
  return {
    subject: `${gift.isTest ? "[Test] " : ""}${subjects[change.kind]}`,
    greeting: `Assalamu alaikum ${gift.donorName.trim() || "dear donor"},`,
    paragraphs: [
      `${what[change.kind]} This change was made ${BY_WHOM[change.actor]}.`,
      change.kind === "canceled"
        ? `Your gifts and their receipts stay in My giving, and you can start a new gift at any time: ${gift.myGivingUrl}`
        : `You can change, pause or cancel the gift at any time from My giving: ${gift.myGivingUrl}`,
      `JazakAllahu khayran for your giving,\n${organisationName}`,
      ...(gift.isTest ? ["This is a test gift: no money moves."] : []),
    ],
    note: "You are receiving this because a recurring gift of yours changed. If you did not ask for this change, please reply to this mail.",
  };
}
