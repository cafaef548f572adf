import { dateTimeFormat } from "./formatters";

/**
 * The Hijri (lunar) calendar, by the Umm al-Qura calculation that Node's ICU ships. It is a
 * calculation: where a date depends on sighting the moon (Eid), staff confirm it.
 * Days are 'YYYY-MM-DD' calendar dates, read at noon UTC so that no time zone moves them.
 */

export const HIJRI_MONTHS = [
  "Muharram",
  "Safar",
  "Rabi' I",
  "Rabi' II",
  "Jumada I",
  "Jumada II",
  "Rajab",
  "Sha'ban",
  "Ramadan",
  "Shawwal",
  "Dhu al-Qi'dah",
  "Dhu al-Hijjah",
] as const;

/** A lunar year of 354 days: the span within which Zakat should reach its recipients. */
export const LUNAR_YEAR_DAYS = 354;
/** Ten lunar months (10 × 29.53 days): Zakat held this long is close to its year's end. */
export const TEN_LUNAR_MONTHS_DAYS = 295;

export interface HijriDate {
  year: number;
  /** 1 (Muharram) to 12 (Dhu al-Hijjah). */
  month: number;
  day: number;
}

function noonOf(day: string): Date {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`);
}

const numeric = () =>
  dateTimeFormat("en-u-ca-islamic-umalqura", { timeZone: "UTC", year: "numeric", month: "numeric", day: "numeric" });

/** The Hijri date of a calendar day ('YYYY-MM-DD' or an ISO timestamp, read by its UTC date). */
export function hijriDateOf(day: string): HijriDate {
  const parts = numeric().formatToParts(noonOf(day));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/** "15 Jumada II 1448 AH": how the site writes a Hijri date. */
export function formatHijri(day: string): string {
  const date = hijriDateOf(day);
  return `${date.day} ${HIJRI_MONTHS[date.month - 1]} ${date.year} AH`;
}

/** "March 10, 2027 (1 Shawwal 1448 AH)": a day the faith counts by, in both calendars. */
export function formatBothCalendars(day: string): string {
  const gregorian = dateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    noonOf(day),
  );
  return `${gregorian} (${formatHijri(day)})`;
}

const yearCache = new Map<string, number>();

/** The Hijri year a day falls in (kept once computed: reports ask for the same days again). */
export function hijriYearOf(day: string): number {
  const key = day.slice(0, 10);
  let year = yearCache.get(key);
  if (year === undefined) {
    year = hijriDateOf(key).year;
    yearCache.set(key, year);
  }
  return year;
}

/** The day `days` after a calendar day. */
export function addDays(day: string, days: number): string {
  const date = noonOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((noonOf(to).getTime() - noonOf(from).getTime()) / 86_400_000);
}

/**
 * The Gregorian day of a Hijri date by the calculation, found by stepping from an
 * estimate (a lunar year is about 354.37 days; the epoch 1 Muharram 1 AH is 622-07-19).
 */
export function gregorianDayOf(target: HijriDate): string {
  const estimate = Math.round((target.year - 1) * 354.367 + (target.month - 1) * 29.53 + target.day - 1);
  let day = addDays("0622-07-19", estimate);
  const order = (date: HijriDate) => date.year * 10_000 + date.month * 100 + date.day;
  const wanted = order(target);
  for (let step = 0; step < 60; step++) {
    const here = order(hijriDateOf(day));
    if (here === wanted) return day;
    day = addDays(day, here < wanted ? 1 : -1);
  }
  throw new RangeError(`No such Hijri date: ${target.day}/${target.month}/${target.year}`);
}

/** Eid al-Fitr (1 Shawwal) of a Hijri year, by the calculation. */
export function calculatedEidAlFitr(hijriYear: number): string {
  return gregorianDayOf({ year: hijriYear, month: 10, day: 1 });
}
