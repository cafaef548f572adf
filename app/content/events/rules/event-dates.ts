import { dateTimeFormat } from "~/shared/formatters";

/**
 * Event dates are kept as given ('YYYY-MM-DD', or with a time 'YYYY-MM-DDTHH:MM'):
 * the day is the foundation's local day, so it is compared and shown without any time
 * zone arithmetic; "today" comes from SITE_TIMEZONE (dates.ts, todayIn).
 */
const EVENT_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

export interface EventDateParts {
  day: string;
  year: number;
  month: number;
  date: number;
  hour?: number;
  minute?: number;
}

export function eventDateParts(value: string): EventDateParts | null {
  const match = EVENT_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, date, hour, minute] = match;
  return {
    day: `${year}-${month}-${date}`,
    year: Number(year),
    month: Number(month),
    date: Number(date),
    ...(hour !== undefined ? { hour: Number(hour), minute: Number(minute) } : {}),
  };
}

/** The calendar day of an event, 'YYYY-MM-DD'. */
export function eventDay(value: string): string {
  return eventDateParts(value)?.day ?? value.slice(0, 10);
}

export type EventTiming = "today" | "upcoming" | "past";

/** "today" on the same calendar day, upcoming when dated later (both listed as upcoming), past before. */
export function eventTiming(value: string, today: string): EventTiming {
  const day = eventDay(value);
  if (day === today) return "today";
  return day > today ? "upcoming" : "past";
}

/** "Saturday, December 12, 2026", with "at 6:30 PM" when the event has a time. */
export function formatEventDate(value: string): string {
  const parts = eventDateParts(value);
  if (!parts) return value;
  const at = new Date(Date.UTC(parts.year, parts.month - 1, parts.date, parts.hour ?? 0, parts.minute ?? 0));
  const day = dateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(at);
  if (parts.hour === undefined) return day;
  const time = dateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(at);
  return `${day} at ${time}`;
}
