import { Link } from "react-router";
import { RAMADAN_PLAN_LABELS, type RamadanPlan } from "../rules/ramadan-nights";
import { chargeTimeWords, eveningWords, nightName, thirtyDaysWords } from "../rules/ramadan-words";
import { formatExactDollars } from "~/shared/money";

/** The donor's schedule as the thank-you page shows it (server/ramadan-schedules.server.ts's RamadanSchedule). */
export interface SavedRamadanSchedule {
  name: string;
  plan: RamadanPlan;
  per_night: number;
  double_odd_nights: boolean;
  purpose: string;
  status: string;
  is_test: boolean;
  nights: { number: number; evening: string; amount: number; status: string }[];
}

/**
 * The thank-you page after a card is saved for Ramadan's nights: the schedule is set up,
 * each night with its evening and amount, when the first charge is made, and that the
 * remaining nights can be stopped from My giving.
 */
export function RamadanNightsSaved({
  schedule,
  chargeHour,
  timeZone,
}: {
  schedule: SavedRamadanSchedule;
  chargeHour: number;
  timeZone: string;
}) {
  const toCome = schedule.nights.filter((night) => night.status === "pending" || night.status === "retrying");
  const first = toCome[0];
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Card saved</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">
        Your Ramadan nights are set up, {schedule.name}!
      </h1>
      <p className="mt-4 text-lg text-slate-700" data-testid="ramadan-saved-summary">
        {RAMADAN_PLAN_LABELS[schedule.plan]}: {formatExactDollars(schedule.per_night)} each night
        {schedule.double_odd_nights ? ", doubled on the odd nights of the last ten" : ""}, for {schedule.purpose}.
        Nothing was charged today.
      </p>
      {first ? (
        <p className="mt-2 text-slate-700" data-testid="ramadan-first-charge">
          The first charge is on the evening of {eveningWords(first.evening)}, at{" "}
          {chargeTimeWords(chargeHour, timeZone)}, for the {nightName(first.number)}.
        </p>
      ) : (
        <p className="mt-2 text-slate-700">No nights are left to give this Ramadan.</p>
      )}
      {schedule.is_test ? (
        <p className="mt-2 text-sm text-amber-900">Test mode: the nights are simulated and no card is charged.</p>
      ) : null}
      <ul
        className="mt-6 w-full divide-y divide-slate-100 rounded-xl border border-slate-200 text-left text-sm"
        aria-label="Your nights"
      >
        {schedule.nights.map((night) => (
          <li key={night.number} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span>
              {nightName(night.number)} · the evening of {eveningWords(night.evening)}
              {thirtyDaysWords(night.number) ? (
                <span className="block text-xs text-slate-600">{thirtyDaysWords(night.number)}</span>
              ) : null}
            </span>
            <span className="font-semibold tabular-nums">{formatExactDollars(night.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-slate-700">
        You can stop the remaining nights at any time from{" "}
        <Link to="/my-giving" className="font-medium text-brand-700 underline">
          My giving
        </Link>
        . May Allah accept your nights.
      </p>
    </>
  );
}
