type RecurringInterval = "month" | "year";

/**
 * When recurring gifts are charged: the first payment at once, then on payment_day (the
 * 1st) of every month, or of payment_month every year (SPEC 3 and 9).
 */

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd, 23rd ... */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? `Month ${month}`;
}

/** 'on the 1st' for monthly gifts, 'on January 1st' for yearly ones. */
export function scheduleText(interval: string, paymentDay: number, paymentMonth = 1): string {
  return interval === "year" ? `on ${monthName(paymentMonth)} ${ordinal(paymentDay)}` : `on the ${ordinal(paymentDay)}`;
}

/**
 * The first scheduled charge after today's gift: payment_day of next month (monthly),
 * or payment_day of payment_month next year (yearly). Today's gift is this month's (or
 * this year's), so the schedule starts with the next one. Noon UTC falls on the same
 * calendar day from UTC-11 to UTC+11, so "on the 1st" reads true wherever staff are.
 */
export function nextScheduledCharge(interval: RecurringInterval, now: Date, paymentDay = 1, paymentMonth = 1): Date {
  return interval === "month"
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, paymentDay, 12))
    : new Date(Date.UTC(now.getUTCFullYear() + 1, paymentMonth - 1, paymentDay, 12));
}
