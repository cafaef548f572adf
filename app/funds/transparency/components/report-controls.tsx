import { Link } from "react-router";
import { reportHref, reportYearLabel, type ReportCalendarName } from "./report-year";

/**
 * The report's two choices as plain links, so they work without JavaScript: which calendar
 * counts the years, and which year (or all of them). Switching calendar starts again from
 * all years, since a Hijri year and a Gregorian year never cover the same days.
 */
export function ReportControls({
  calendar,
  year,
  years,
}: {
  calendar: ReportCalendarName;
  year: number | null;
  years: number[];
}) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-start sm:gap-8">
      <nav aria-labelledby="report-calendar">
        <p id="report-calendar" className="text-sm font-semibold text-slate-900">
          Calendar
        </p>
        <ul className="mt-2 flex gap-2">
          <li>
            <Choice to={reportHref("hijri")} current={calendar === "hijri"}>
              Hijri years
            </Choice>
          </li>
          <li>
            <Choice to={reportHref("gregorian")} current={calendar === "gregorian"}>
              Gregorian years
            </Choice>
          </li>
        </ul>
      </nav>
      <nav aria-labelledby="report-year">
        <p id="report-year" className="text-sm font-semibold text-slate-900">
          Year
        </p>
        <ul className="mt-2 flex flex-wrap gap-2">
          <li>
            <Choice to={reportHref(calendar)} current={year === null}>
              All years
            </Choice>
          </li>
          {withChosen(years, year).map((item) => (
            <li key={item}>
              <Choice to={reportHref(calendar, item)} current={item === year}>
                {reportYearLabel(calendar, item)}
              </Choice>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** A year asked for by its address is listed even when nothing happened in it. */
function withChosen(years: number[], year: number | null): number[] {
  return year === null || years.includes(year) ? years : [...years, year].sort((a, b) => b - a);
}

function Choice({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-block rounded-full border px-3 py-1 text-sm font-medium ${
        current
          ? "border-brand-700 bg-brand-700 text-white"
          : "border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-800"
      }`}
    >
      {children}
    </Link>
  );
}
