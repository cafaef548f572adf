import { dateTimeFormat } from "./formatters";

/**
 * Dates as staff read them. The time zone is passed in (SITE_TIMEZONE from the server),
 * so the server's render and the browser's hydration produce the same text.
 */
export function formatDate(iso: string | null, timeZone: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone }).format(date);
}

/** A moment with its time, for records where the hour matters (when a mail was written or sent). */
export function formatDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(date);
}

/** Today's date ('YYYY-MM-DD') where the foundation is (SITE_TIMEZONE). */
export function todayIn(timeZone: string, now = new Date()): string {
  return dateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(now);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** True when the value starts with a calendar date that exists ('2026-02-30' does not). */
export function isRealDate(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
