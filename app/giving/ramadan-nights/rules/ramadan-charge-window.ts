import { addDays, daysBetween, hijriDateOf } from "~/shared/hijri";
import { zonedTimeToUtc } from "~/shared/zoned-time";
import { dateTimeFormat } from "~/shared/formatters";
import { proposedFirstNight } from "./ramadan-nights";

/**
 * When a night of Ramadan is given. A night begins at sunset, so its gift is charged on its
 * own evening, from the hour staff set (in the foundation's time zone), and no later than
 * the cut-off before the next morning's fast begins: a night the server slept through is
 * still given if the server wakes within that night, and never on another night's date.
 */

/** The local hour of the morning after a night's evening when its charge is no longer made. */
export const NIGHT_CUTOFF_HOUR = 5;
/** The hour staff charge at unless they set another. */
export const DEFAULT_CHARGE_HOUR = 20;
/** A failed night is tried once more, this long after, within its own night. */
export const RETRY_AFTER_MS = 60 * 60 * 1000;
/** The first attempt and one retry. */
export const NIGHT_ATTEMPTS = 2;
/** How far the confirmed first night may be from the calculation's proposal (sightings differ by a day or two). */
export const FIRST_NIGHT_LEEWAY_DAYS = 3;

function atLocalHour(day: string, hour: number, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zonedTimeToUtc(year, month, date, hour, 0, timeZone);
}

/**
 * The moments a night may be charged between. An hour before the cut-off (after midnight)
 * is that hour of the night itself, the morning after its evening.
 */
export function chargeWindow(evening: string, chargeHour: number, timeZone: string): { opensAt: Date; closesAt: Date } {
  const opensOn = chargeHour < NIGHT_CUTOFF_HOUR ? addDays(evening, 1) : evening;
  return {
    opensAt: atLocalHour(opensOn, chargeHour, timeZone),
    closesAt: atLocalHour(addDays(evening, 1), NIGHT_CUTOFF_HOUR, timeZone),
  };
}

export type NightTiming = "before" | "open" | "closed";

/** Whether a night's charge is still to come, may be made now, or can no longer be made (missed). */
export function nightTiming(evening: string, chargeHour: number, timeZone: string, now: Date): NightTiming {
  const { opensAt, closesAt } = chargeWindow(evening, chargeHour, timeZone);
  if (now < opensAt) return "before";
  return now < closesAt ? "open" : "closed";
}

/**
 * The evening of "tonight": the night that begins this evening, or (before the morning's
 * cut-off) the night still under way from yesterday's evening.
 */
export function tonightsEvening(now: Date, timeZone: string): string {
  const parts = dateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  const today = `${part("year")}-${part("month")}-${part("day")}`;
  return Number(part("hour")) < NIGHT_CUTOFF_HOUR ? addDays(today, -1) : today;
}

/** When a night that failed at `failedAt` is tried again, or null when its night would be over by then. */
export function retryAt(failedAt: Date, evening: string, chargeHour: number, timeZone: string): Date | null {
  const at = new Date(failedAt.getTime() + RETRY_AFTER_MS);
  return at < chargeWindow(evening, chargeHour, timeZone).closesAt ? at : null;
}

/**
 * Each attempt's own idempotency key: the provider answers a re-sent attempt with the same
 * charge. It begins with the schedule's setup checkout (unique at the provider), so two
 * databases sharing one provider account never send each other's keys.
 */
export function nightAttemptKey(setupSessionId: string, night: number, attempt: number): string {
  return `ramadan-${setupSessionId}-night-${night}-attempt-${attempt}`;
}

/** How often one attempt is sent without an answer (an outage) before its night is given up as failed. */
export const UNANSWERED_SENDS = 3;

/** The Hijri year of the Ramadan under way or coming next on a day (after Ramadan, next year's). */
export function ramadanYearOn(day: string): number {
  const hijri = hijriDateOf(day);
  return hijri.month > 9 ? hijri.year + 1 : hijri.year;
}

/** Whether a first night staff confirm is close enough to its year's calculated evening to be that Ramadan's. */
export function isPlausibleFirstNight(evening: string): boolean {
  return Math.abs(daysBetween(proposedFirstNight(ramadanYearOn(evening)), evening)) <= FIRST_NIGHT_LEEWAY_DAYS;
}

/**
 * The confirmed first night, if it is the given Ramadan's; a first night confirmed for an earlier year no longer
 * counts. In a rehearsal (test mode, no money moves) any first night counts whose nights are not over by
 * `rehearsalToday`, so a newcomer can see the nights charged out of season.
 */
export function confirmedFirstNightFor(
  stored: string | null | undefined,
  hijriYear: number,
  rehearsalToday?: string,
): string | null {
  if (!stored || !/^\d{4}-\d{2}-\d{2}$/.test(stored)) return null;
  if (rehearsalToday && isRehearsableFirstNight(stored, rehearsalToday)) return stored;
  return Math.abs(daysBetween(proposedFirstNight(hijriYear), stored)) <= FIRST_NIGHT_LEEWAY_DAYS ? stored : null;
}

/** How far ahead a rehearsal may set its first night: a year, so that next Ramadan's can be tried. */
const REHEARSAL_DAYS_AHEAD = 366;

/**
 * A first night a rehearsal may set on `today`: one whose thirty nights are not all over
 * (from 29 evenings ago) and at most a year ahead. An older or farther one would be stored
 * but never counted, and the settings screen would show the calculation's evening instead.
 */
export function isRehearsableFirstNight(evening: string, today: string): boolean {
  return daysBetween(evening, today) < 30 && daysBetween(today, evening) <= REHEARSAL_DAYS_AHEAD;
}
