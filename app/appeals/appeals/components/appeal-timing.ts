import { daysLeft, daysLeftWords } from "../rules/progress";
import type { AppealPhase } from "../rules/phase";
import { todayIn } from "~/shared/dates";
import { dateTimeFormat } from "~/shared/formatters";
import { daysBetween } from "~/shared/hijri";

/**
 * How long a donor still has, in the words the appeal pages use. `today` comes from the
 * loader (the foundation's day), so the server's page and the browser's agree.
 */
export function appealTimingWords(
  appeal: { phase: AppealPhase; starts_on: string; ends_on: string | null },
  today: string,
): string | null {
  switch (appeal.phase) {
    case "upcoming":
      return `Opens on ${formatAppealDay(appeal.starts_on)}`;
    case "closed":
      return "Closed";
    case "ended":
      return "Ended";
    case "open":
      return daysLeftWords(daysLeft(appeal.ends_on, today));
    default:
      return null;
  }
}

/** "March 4, 2026": an appeal's day as it was set (no time zone arithmetic). */
export function formatAppealDay(day: string): string {
  const at = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return dateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(at);
}

/**
 * When a supporter gave, as a donor reads a list of gifts: "Today", "Yesterday", "3 days
 * ago" within the week, the date after that (days in the foundation's time zone).
 */
export function givenWhenWords(donatedAt: string, today: string, timeZone: string): string {
  const moment = new Date(donatedAt);
  if (Number.isNaN(moment.getTime())) return "";
  const day = todayIn(timeZone, moment);
  const ago = daysBetween(day, today);
  if (ago <= 0) return "Today";
  if (ago === 1) return "Yesterday";
  if (ago < 7) return `${ago} days ago`;
  return formatAppealDay(day);
}
