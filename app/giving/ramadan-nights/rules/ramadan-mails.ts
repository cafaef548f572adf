import type { MailParts } from "~/mail/queue";
import { formatCents } from "~/shared/money";
import { RAMADAN_PLAN_LABELS, type RamadanPlan } from "./ramadan-nights";
import { chargeTimeWords, nightAndEveningWords, nightName } from "./ramadan-words";

/** The donor's Ramadan nights as their mails name them. */
export interface RamadanMailSchedule {
  donorName: string;
  plan: RamadanPlan;
  perNightCents: number;
  doubleOddNights: boolean;
  isTest: boolean;
  myGivingUrl: string;
}

function greeting(schedule: RamadanMailSchedule): string {
  return `Assalamu alaikum ${schedule.donorName.trim() || "dear donor"},`;
}

function subject(schedule: RamadanMailSchedule, words: string): string {
  return `${schedule.isTest ? "[Test] " : ""}${words}`;
}

function planWords(schedule: RamadanMailSchedule): string {
  const doubled = schedule.doubleOddNights ? ", doubled on the odd nights of the last ten" : "";
  return `${RAMADAN_PLAN_LABELS[schedule.plan].toLowerCase()}, ${formatCents(schedule.perNightCents)} a night${doubled}`;
}

/** A night as the mails name it: its number and the evening it begins on. */
export interface RamadanMailNight {
  number: number;
  evening: string;
}

/** The card is saved: the nights are planned, from the first night given (named as the donate form names it). */
export function ramadanStartedMail(
  schedule: RamadanMailSchedule,
  firstNight: RamadanMailNight | null,
  chargeHour: number,
  timeZone: string,
): MailParts {
  const from = firstNight ? ` The first is ${nightAndEveningWords(firstNight.number, firstNight.evening)}.` : "";
  return {
    subject: subject(schedule, "Your gifts for the nights of Ramadan are set"),
    greeting: greeting(schedule),
    paragraphs: [
      `Your card is saved, and your gift will be given on ${planWords(schedule)}. Each night's gift is charged on its evening, from ${chargeTimeWords(chargeHour, timeZone)}, and each has its own receipt.${from}`,
      `You can stop the nights still to come at any time from My giving: ${schedule.myGivingUrl}`,
    ],
  };
}

/**
 * What follows a declined night: tried once more tonight, not tried again (the other nights
 * go on), or nothing more at all, the nights having been stopped meanwhile.
 */
export type DeclinedNightNext = "retrying" | "not-again" | "stopped";

/** A night's charge was declined: told once, with what follows. */
export function ramadanNightFailedMail(
  schedule: RamadanMailSchedule,
  night: RamadanMailNight & { amountCents: number },
  declineMessage: string,
  next: DeclinedNightNext,
): MailParts {
  const after =
    next === "stopped"
      ? [
          "Your nights were stopped meanwhile, so no further night will be charged; this one will not be tried again.",
          `My giving shows each night: ${schedule.myGivingUrl}`,
        ]
      : [
          next === "retrying"
            ? "We will try once more later tonight. Nothing more needs doing if your card is in order."
            : "It will not be tried again tonight.",
          `The other nights are given as planned; you can see each of them, or stop them, in My giving: ${schedule.myGivingUrl}`,
        ];
  return {
    subject: subject(schedule, `Your gift for the ${nightName(night.number)} of Ramadan did not go through`),
    greeting: greeting(schedule),
    paragraphs: [
      `The charge of ${formatCents(night.amountCents)} for ${nightAndEveningWords(night.number, night.evening)}, did not go through${declineMessage ? `: "${declineMessage}"` : "."}`,
      ...after,
    ],
  };
}

/** The nights still to come were stopped, by the donor or by staff. */
export function ramadanStoppedMail(schedule: RamadanMailSchedule, byDonor: boolean): MailParts {
  return {
    subject: subject(schedule, "Your gifts for the nights of Ramadan are stopped"),
    greeting: greeting(schedule),
    paragraphs: [
      `Your gifts on ${planWords(schedule)} are stopped${byDonor ? " as you asked" : " by our staff"}: no further night will be charged. The nights already given keep their receipts.`,
      `My giving shows each night: ${schedule.myGivingUrl}`,
    ],
  };
}
