/** Local clock times where the foundation is, as UTC moments (events' starts, the hour Ramadan nights are charged). */

/** How far ahead of UTC a time zone's clocks are at a moment, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - at.getTime();
}

/** The UTC moment at which a zone's clocks show the given local time. */
export function zonedTimeToUtc(
  year: number,
  month: number,
  date: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const local = Date.UTC(year, month - 1, date, hour, minute);
  const first = local - offsetAt(new Date(local), timeZone);
  // Near a daylight-saving change the offset at the answer can differ from the guess's.
  return new Date(local - offsetAt(new Date(first), timeZone));
}
