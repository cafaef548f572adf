/**
 * Pausing a recurring gift for one, two or three charges: those charges are skipped and the
 * gift resumes by itself with the one after. The provider is told to resume collecting a
 * day before that charge, so that it is collected and the skipped ones are not.
 */
export const PAUSE_CHARGES = [1, 2, 3] as const;
export type PauseCharges = (typeof PAUSE_CHARGES)[number];

type RecurringInterval = "month" | "year";

/** The charge `count` intervals after `charge`, on the same day of the month (the month's last when it is shorter). */
export function chargeAfter(charge: Date, interval: RecurringInterval, count: number): Date {
  const year = charge.getUTCFullYear() + (interval === "year" ? count : 0);
  const month = charge.getUTCMonth() + (interval === "month" ? count : 0);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const later = new Date(charge);
  later.setUTCFullYear(year, month, Math.min(charge.getUTCDate(), lastDay));
  return later;
}

/** The charge a paused gift resumes with: the next charge and the `charges` after it are skipped. */
export function resumingCharge(nextCharge: Date, interval: RecurringInterval, charges: PauseCharges): Date {
  return chargeAfter(nextCharge, interval, charges);
}

/** When the provider resumes collecting: a day before the resuming charge. */
export function resumeCollectionAt(nextCharge: Date, interval: RecurringInterval, charges: PauseCharges): Date {
  return new Date(resumingCharge(nextCharge, interval, charges).getTime() - 86_400_000);
}
