import { dateTimeFormat } from "~/shared/formatters";
import { isOnlyIfThirtyDays, nightBeginningOn } from "./ramadan-nights";
import { ordinal } from "~/shared/day-words";

/**
 * How the site speaks of the nights of Ramadan, for donors and staff alike: a night by its
 * number ("the 23rd night"), the evening it begins on ("Thursday 4 March 2027"), and its
 * Hijri name ("the night of 23 Ramadan 1448 AH"). A night is named by the day whose fast
 * follows it, which is why the Hijri name is the day after the evening.
 */

/** "23rd night". */
export function nightName(night: number): string {
  return `${ordinal(night)} night`;
}

/** "Thursday 4 March 2027": the calendar day a night begins on, at sunset. */
export function eveningWords(day: string): string {
  const parts = dateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/**
 * "the 21st night, beginning on the evening of Saturday 27 February 2027": a night as the
 * donate form lists it (its number, then the evening it begins on), for the mails and pages
 * that name it in a sentence.
 */
export function nightAndEveningWords(night: number, evening: string): string {
  return `the ${nightName(night)}, beginning on the evening of ${eveningWords(evening)}`;
}

/** "Only if Ramadan has thirty days" beside the 30th night wherever nights are listed; null for the others. */
export function thirtyDaysWords(night: number): string | null {
  return isOnlyIfThirtyDays(night) ? "Only if Ramadan has thirty days" : null;
}

/** "23 Ramadan 1448 AH": the Hijri night, counted from the first night staff confirmed (or the proposal). */
export function hijriNightWords(night: number, hijriYear: number): string {
  return `${night} Ramadan ${hijriYear} AH`;
}

/**
 * What tonight is, in the foundation's time zone: "Tonight is the 23rd night, beginning
 * this evening, Thursday 4 March 2027", or, outside the month, when it begins or that it
 * has ended. `today` is the calendar day: after midnight, tonight's night began on the
 * evening before (`evening`).
 */
export function tonightWords(evening: string, firstNight: string, confirmed: boolean, today = evening): string {
  const night = nightBeginningOn(evening, firstNight);
  if (night !== null) {
    const began = today === evening ? "beginning this evening," : "which began on the evening of";
    return `Tonight is the ${nightName(night)}, ${began} ${eveningWords(evening)}.`;
  }
  const first = `${eveningWords(firstNight)}${confirmed ? "" : " (proposed, not yet confirmed)"}`;
  if (evening < firstNight) return `Ramadan has not begun: the first night begins on the evening of ${first}.`;
  return `This Ramadan's nights have ended: the first night began on the evening of ${first}.`;
}

/** "8 pm", "midnight": the hour nights are charged at, in the foundation's time zone. */
export function chargeHourWords(hour: number): string {
  if (hour === 0) return "midnight";
  if (hour === 12) return "noon";
  return hour < 12 ? `${hour} am` : `${hour - 12} pm`;
}

/**
 * "8 pm (Europe/London time)": the charge hour with the foundation's time zone, as donors,
 * staff and the mails read it, since a donor may live in another zone than the foundation.
 */
export function chargeTimeWords(hour: number, timeZone: string): string {
  return `${chargeHourWords(hour)} (${timeZone.replaceAll("_", " ")} time)`;
}
