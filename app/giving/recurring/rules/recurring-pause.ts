/**
 * Pausing a recurring gift for one, two or three charges: those charges are skipped and the
 * gift resumes by itself with the one after. The provider is told to resume collecting a
 * day before that charge, so that it is collected and the skipped ones are not.
 */
export const PAUSE_CHARGES = [1, 2, 3] as const;
export type PauseCharges = (typeof PAUSE_CHARGES)[number];

type RecurringInterval = "month" | "year";

/** When a gift is charged: its payment day (of payment_month, for yearly gifts). */
export interface GiftSchedule {
  interval: RecurringInterval;
  paymentDay: number;
  paymentMonth: number;
}

/** The last day of a month (months past December count into the next year). */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The charge `count` intervals after `charge`, on the gift's payment day (the month's last
 * when it is shorter). The day comes from the schedule, not from `charge`: a gift given on
 * the 31st is charged on Feb 28 and then on Mar 31 again, as the provider does.
 */
export function chargeAfter(
  charge: Date,
  interval: RecurringInterval,
  count: number,
  paymentDay = charge.getUTCDate(),
): Date {
  const year = charge.getUTCFullYear() + (interval === "year" ? count : 0);
  const month = charge.getUTCMonth() + (interval === "month" ? count : 0);
  const later = new Date(charge);
  later.setUTCFullYear(year, month, Math.min(paymentDay, lastDayOf(year, month)));
  return later;
}

/** The charge a paused gift resumes with: the next charge and the `charges` after it are skipped. */
export function resumingCharge(
  nextCharge: Date,
  interval: RecurringInterval,
  charges: PauseCharges,
  paymentDay?: number,
): Date {
  return chargeAfter(nextCharge, interval, charges, paymentDay);
}

/** When the provider resumes collecting: a day before the resuming charge. */
export function resumeCollectionAt(
  nextCharge: Date,
  interval: RecurringInterval,
  charges: PauseCharges,
  paymentDay?: number,
): Date {
  return new Date(resumingCharge(nextCharge, interval, charges, paymentDay).getTime() - 86_400_000);
}

/**
 * The charge a pause ends with: the first on the gift's schedule on or after the day the
 * provider resumes collecting (a pause set at the provider may resume on any day), at noon
 * UTC, which is that same calendar day from UTC-11 to UTC+11.
 */
export function chargeResumingAfter(resumesAt: Date, schedule: GiftSchedule): Date {
  const year = resumesAt.getUTCFullYear();
  const day = Date.UTC(year, resumesAt.getUTCMonth(), resumesAt.getUTCDate(), 12);
  const chargeIn = (y: number, month: number) =>
    Date.UTC(y, month, Math.min(schedule.paymentDay, lastDayOf(y, month)), 12);
  if (schedule.interval === "year") {
    const thisYear = chargeIn(year, schedule.paymentMonth - 1);
    return new Date(thisYear >= day ? thisYear : chargeIn(year + 1, schedule.paymentMonth - 1));
  }
  const thisMonth = chargeIn(year, resumesAt.getUTCMonth());
  return new Date(thisMonth >= day ? thisMonth : chargeIn(year, resumesAt.getUTCMonth() + 1));
}

/** What the next charge that will really be taken needs to know of a gift (its stored columns). */
export interface NextChargeState {
  next_payment_date: string | null;
  resumes_at: string | null;
  interval: RecurringInterval;
  payment_day: number;
  payment_month: number;
}

/**
 * The next charge that will really be taken: for a paused gift the one it resumes with (the
 * provider's next date is skipped), else the provider's next charge; null when unknown.
 */
export function nextChargeTaken(gift: NextChargeState): string | null {
  if (!gift.resumes_at) return gift.next_payment_date;
  return chargeResumingAfter(new Date(gift.resumes_at), {
    interval: gift.interval,
    paymentDay: gift.payment_day,
    paymentMonth: gift.payment_month,
  }).toISOString();
}
