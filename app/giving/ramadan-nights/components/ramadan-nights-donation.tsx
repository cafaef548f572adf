import type { SubmissionResult } from "@conform-to/react";
import { DonateWays } from "~/giving/donate/index.ui";
import { RamadanNightsForm } from "./ramadan-nights-form";
import type { RamadanCalendar } from "./ramadan-nights-preview";
import { PageHero } from "~/ui/page-hero";
import { chargeTimeWords } from "../rules/ramadan-words";

/** What the donate page's loader gives the Ramadan nights form. */
export interface RamadanNightsView {
  calendar: RamadanCalendar;
  /** "8 pm (Europe/London time)": when each night is charged. */
  chargeHour: string;
  purposes: string[];
  initial: Record<string, string>;
}

/** The settings the nights are dated and charged by, as the giving services give them. */
export interface RamadanSettingsView {
  first_night: string | null;
  proposed_first_night: string;
  charge_hour: number;
  hijri_year: number;
  rehearsed: boolean;
}

/** The moment the page is drawn and the foundation's time zone: the nights already over by then are not given. */
export interface RamadanClock {
  now: Date;
  timeZone: string;
}

/** The calendar the nights are drawn from: the confirmed first night, else the proposal, said to be one. */
export function ramadanCalendarOf(settings: RamadanSettingsView, clock: RamadanClock): RamadanCalendar {
  return {
    firstNight: settings.first_night ?? settings.proposed_first_night,
    confirmed: settings.first_night !== null,
    rehearsal: settings.rehearsed,
    hijriYear: settings.hijri_year,
    chargeHour: settings.charge_hour,
    timeZone: clock.timeZone,
    now: clock.now.toISOString(),
  };
}

/** The form's view, its fields filled from the address where given (a link to "all thirty nights of $5", say). */
export function ramadanNightsView(
  settings: RamadanSettingsView,
  purposes: string[],
  params: URLSearchParams,
  clock: RamadanClock,
): RamadanNightsView {
  const initial = Object.fromEntries(
    ["plan", "per_night", "double_odd_nights", "purpose"].flatMap((name) =>
      params.get(name) ? [[name, params.get(name)!]] : [],
    ),
  );
  // Back from a canceled card page, the plan comes as ?ramadan=<plan>.
  if (!initial.plan && params.get("ramadan")) initial.plan = params.get("ramadan")!;
  return {
    calendar: ramadanCalendarOf(settings, clock),
    chargeHour: chargeTimeWords(settings.charge_hour, clock.timeZone),
    purposes,
    initial,
  };
}

/** The donate page when the donor gives on the nights of Ramadan. */
export function RamadanNightsDonation({
  view,
  canceled,
  lastResult,
  processing,
  sandbox,
}: {
  view: RamadanNightsView;
  /** Back from the card page without saving a card. */
  canceled: boolean;
  lastResult?: SubmissionResult<string[]>;
  processing: boolean;
  sandbox: boolean;
}) {
  return (
    <>
      <PageHero id="donate-title" eyebrow="The nights of Ramadan" title="Give on the nights of Ramadan">
        <p>
          A gift on each night, charged on its evening: the last ten nights, when Laylat al-Qadr is sought, or all
          thirty.
        </p>
      </PageHero>
      <div className="container-page py-12">
        <DonateWays current="ramadan-nights" />
        {canceled ? (
          <p role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
            No card was saved and nothing was charged. Your nights and amount are kept below.
          </p>
        ) : null}
        <div className="mt-8 grid gap-10 lg:grid-cols-3">
          <RamadanNightsForm
            calendar={view.calendar}
            purposes={view.purposes}
            initial={view.initial}
            lastResult={lastResult}
            processing={processing}
            sandbox={sandbox}
            chargeHourWords={view.chargeHour}
          />
          <aside className="space-y-4 rounded-xl border border-slate-200 p-6 text-sm text-slate-700">
            <h2 className="text-lg font-semibold text-slate-900">How the nights are given</h2>
            <ul className="list-disc space-y-2 pl-5">
              <li>A night begins at sunset: the 21st night begins on the evening of the 20th day of fasting.</li>
              <li>Each night is its own card payment with its own receipt, charged on its evening.</li>
              <li>Ramadan has 29 or 30 days: the 30th night is given only if the month has it.</li>
              <li>You can stop the remaining nights from My giving whenever you wish.</li>
            </ul>
          </aside>
        </div>
      </div>
    </>
  );
}
