import { addDays, gregorianDayOf, hijriDateOf } from "~/shared/hijri";

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
  return zakatDueInHijriYear(calculatedOn, hijriDateOf(calculatedOn).year + 1);
}

/**
 * The calculation's Hijri day and month in a given Hijri year: a reminder kept for
 * several years counts each year from the day of the calculation, so a 30th that fell on
 * a 29th one year is the 30th again in a year whose month has one.
 */
export function zakatDueInHijriYear(calculatedOn: string, hijriYear: number): string {
  const { month, day } = hijriDateOf(calculatedOn);
  if (day < 30) return gregorianDayOf({ year: hijriYear, month, day });
  try {
    return gregorianDayOf({ year: hijriYear, month, day: 30 });
  } catch {
    return gregorianDayOf({ year: hijriYear, month, day: 29 });
  }
}

/** The day the reminder is sent: ten days before Zakat is due again. */
export function zakatReminderOn(calculatedOn: string): string {
  return addDays(zakatDueAgainOn(calculatedOn), -REMINDER_DAYS_BEFORE);
}
