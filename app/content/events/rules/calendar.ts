import { zonedTimeToUtc } from "~/shared/zoned-time";
import { eventDateParts } from "./event-dates";

export { zonedTimeToUtc };

/**
 * An event as an iCalendar file (RFC 5545) that calendar apps import: all-day when the
 * event has only a date, otherwise starting at its local time in the foundation's time
 * zone (written in UTC, which every app reads) and lasting two hours.
 */
export interface CalendarEntry {
  uid: string;
  title: string;
  description: string;
  location: string;
  /** The event's date as stored: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM'. */
  date: string;
  url?: string;
  timeZone: string;
  stamp: Date;
}

const TIMED_EVENT_HOURS = 2;

export function eventCalendar(entry: CalendarEntry): string {
  const parts = eventDateParts(entry.date);
  if (!parts) throw new RangeError(`Not an event date: ${entry.date}`);
  const timing =
    parts.hour === undefined
      ? [
          `DTSTART;VALUE=DATE:${compactDate(parts.year, parts.month, parts.date)}`,
          `DTEND;VALUE=DATE:${nextDay(parts.year, parts.month, parts.date)}`,
        ]
      : (() => {
          const start = zonedTimeToUtc(
            parts.year,
            parts.month,
            parts.date,
            parts.hour,
            parts.minute ?? 0,
            entry.timeZone,
          );
          return [
            `DTSTART:${utcStamp(start)}`,
            `DTEND:${utcStamp(new Date(start.getTime() + TIMED_EVENT_HOURS * 3_600_000))}`,
          ];
        })();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Al-Amanah Foundation//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${entry.uid}`,
    `DTSTAMP:${utcStamp(entry.stamp)}`,
    ...timing,
    `SUMMARY:${escapeText(entry.title)}`,
    `DESCRIPTION:${escapeText(entry.description)}`,
    `LOCATION:${escapeText(entry.location)}`,
    ...(entry.url ? [`URL:${entry.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** TEXT values escape backslashes, semicolons, commas and line breaks. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space, never splitting a character. */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = "";
  let size = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    const limit = pieces.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      pieces.push(current);
      current = "";
      size = 0;
    }
    current += character;
    size += bytes;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

const pad = (value: number) => String(value).padStart(2, "0");

function compactDate(year: number, month: number, date: number): string {
  return `${year}${pad(month)}${pad(date)}`;
}

function nextDay(year: number, month: number, date: number): string {
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return compactDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

function utcStamp(at: Date): string {
  return `${compactDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}
