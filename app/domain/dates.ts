/**
 * Dates as staff read them. The time zone is passed in (SITE_TIMEZONE from the server),
 * so the server's render and the browser's hydration produce the same text.
 */
export function formatDate(iso: string | null, timeZone: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone }).format(date);
}

/** Today's date ('YYYY-MM-DD') where the foundation is (SITE_TIMEZONE). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(now);
}
