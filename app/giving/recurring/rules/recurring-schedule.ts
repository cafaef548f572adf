import { monthName, ordinal } from "~/shared/day-words";

type RecurringInterval = "month" | "year";

/**
 * When recurring gifts are charged: the first payment at once, then on payment_day (the
 * 1st) of every month, or of payment_month (January unless set) every year.
 */

/** 'on the 1st' for monthly gifts, 'on January 1st' for yearly ones. */
export function scheduleText(interval: string, paymentDay: number, paymentMonth = 1): string {
  return interval === "year" ? `on ${monthName(paymentMonth)} ${ordinal(paymentDay)}` : `on the ${ordinal(paymentDay)}`;
}

/** The same moment one interval later, kept within the month as Stripe does (Jan 31 -> Feb 28). */
function oneIntervalLater(interval: RecurringInterval, now: Date): Date {
  const year = now.getUTCFullYear() + (interval === "year" ? 1 : 0);
  const month = now.getUTCMonth() + (interval === "month" ? 1 : 0);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const later = new Date(now);
  later.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return later;
}

/**
 * The first scheduled charge after today's gift: the next payment_day (of payment_month,
 * for yearly gifts) after today, at noon UTC, which is that same calendar day from
 * UTC-11 to UTC+11. Stripe requires the anchor to fall before the subscription's natural
 * next billing date (one interval from now); on the 1st itself that natural date is the
 * next 1st at this time of day, so the anchor moves just before it, still on the 1st.
 */
export function nextScheduledCharge(interval: RecurringInterval, now: Date, paymentDay = 1, paymentMonth = 1): Date {
  const year = now.getUTCFullYear();
  const today = Date.UTC(year, now.getUTCMonth(), now.getUTCDate());
  const month = interval === "month" ? now.getUTCMonth() : paymentMonth - 1;
  let target = Date.UTC(year, month, paymentDay, 12);
  if (target - 12 * 3_600_000 <= today) {
    target =
      interval === "month" ? Date.UTC(year, month + 1, paymentDay, 12) : Date.UTC(year + 1, month, paymentDay, 12);
  }
  const natural = oneIntervalLater(interval, now).getTime();
  return new Date(Math.min(target, natural - 1000));
}
