import { daysBetween } from "~/shared/hijri";
import { formatCents } from "~/shared/money";

/**
 * What an appeal's progress says, in figures and in words: the bar's value and the text a
 * screen reader hears ("$12,400 raised of $20,000 goal, 62%").
 */
export interface AppealProgress {
  raisedCents: number;
  goalCents: number | null;
  gifts: number;
  /** Whole per cent of the goal reached (may pass 100), or null without a goal. */
  percent: number | null;
  /** The bar's width: the per cent, at most 100. */
  barPercent: number;
  words: string;
}

export function appealProgress(raisedCents: number, goalCents: number | null, gifts: number): AppealProgress {
  if (!goalCents || goalCents <= 0) {
    return {
      raisedCents,
      goalCents: null,
      gifts,
      percent: null,
      barPercent: 0,
      words: `${formatCents(raisedCents)} raised`,
    };
  }
  // Floored: 99.6% is not yet the goal reached.
  const percent = Math.floor((raisedCents * 100) / goalCents);
  return {
    raisedCents,
    goalCents,
    gifts,
    percent,
    barPercent: Math.min(100, Math.max(0, percent)),
    words: `${formatCents(raisedCents)} raised of ${formatCents(goalCents)} goal, ${percent}%`,
  };
}

/** "12 gifts", "1 gift". */
export function giftCountWords(gifts: number): string {
  return `${gifts.toLocaleString("en-US")} ${gifts === 1 ? "gift" : "gifts"}`;
}

/**
 * Days left to give, counting the last day itself: an appeal ending today has 1 day left.
 * null without an end date; 0 once it has passed.
 */
export function daysLeft(endsOn: string | null, today: string): number | null {
  if (!endsOn) return null;
  return Math.max(0, daysBetween(today, endsOn) + 1);
}

export function daysLeftWords(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return "Ended";
  if (days === 1) return "Last day";
  return `${days} days left`;
}
