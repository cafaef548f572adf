import { addDays, gregorianDayOf, hijriDateOf } from "~/domain/shared/hijri";

/**
 * When a donor's Zakat is due again: a year of Zakat (the hawl) is a lunar year, so the
 * day is the same Hijri date in the next Hijri year, by the Umm al-Qura calculation. The
 * reminder goes out ten days before it, time enough to work the sum out and give.
 */
export const REMINDER_DAYS_BEFORE = 10;

/**
 * The same Hijri date a year on. A calculation made on the 30th of a month that has only 29
 * days the next year falls due on its 29th, the month's last day, never in the month after.
 */
export function zakatDueAgainOn(calculatedOn: string): string {
  const { year, month, day } = hijriDateOf(calculatedOn);
  if (day < 30) return gregorianDayOf({ year: year + 1, month, day });
  try {
    return gregorianDayOf({ year: year + 1, month, day: 30 });
  } catch {
    return gregorianDayOf({ year: year + 1, month, day: 29 });
  }
}

/** The day the reminder is sent: ten days before Zakat is due again. */
export function zakatReminderOn(calculatedOn: string): string {
  return addDays(zakatDueAgainOn(calculatedOn), -REMINDER_DAYS_BEFORE);
}
