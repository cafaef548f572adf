/** How the report names a year: "1447 AH" in the Hijri calendar, "2026" in the Gregorian. */
export type ReportCalendarName = "hijri" | "gregorian";

export function reportYearLabel(calendar: ReportCalendarName, year: number): string {
  return calendar === "hijri" ? `${year} AH` : String(year);
}

/** The address of the report for a calendar and a year (none: all years). */
export function reportHref(calendar: ReportCalendarName, year: number | null = null): string {
  const params = new URLSearchParams({ calendar });
  if (year !== null) params.set("year", String(year));
  return `/transparency?${params}`;
}
