import { Link } from "react-router";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { nightCounts, perNightWords, type RamadanScheduleView } from "./ramadan-schedules";
import { RAMADAN_PLAN_LABELS } from "../rules/ramadan-nights";
import { eveningWords, nightName, thirtyDaysWords } from "../rules/ramadan-words";
import { formatExactDollars } from "~/shared/money";

const NIGHT_WORDS: Record<string, string> = {
  pending: "to come",
  charging: "being given",
  charged: "given",
  failed: "your card was declined",
  retrying: "declined, to be tried again tonight",
  missed: "missed",
  stopped: "stopped",
};

const SCHEDULE_WORDS: Record<string, string> = {
  active: "Active",
  stopped: "Stopped",
  finished: "Finished",
  awaiting_card: "Waiting for your card",
};

/**
 * My giving's nights of Ramadan: each schedule with its nights (given, declined, to come),
 * and "Stop the remaining nights", confirmed first by an address (?stop-ramadan=7), so it
 * works without JavaScript. Only the signed-in donor's own schedules are listed or stopped.
 */
export function MyRamadanNights({
  schedules,
  stopping,
  stopped,
}: {
  schedules: RamadanScheduleView[];
  stopping: RamadanScheduleView | null;
  stopped: boolean;
}) {
  if (schedules.length === 0 && !stopped) return null;
  return (
    <section aria-labelledby="ramadan-nights-title" className="space-y-3">
      <h2 id="ramadan-nights-title" className="text-2xl font-semibold text-slate-900">
        Ramadan nights
      </h2>
      {stopped ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-800">
          The remaining nights are stopped: no further nights will be charged. May Allah accept the nights you gave.
        </p>
      ) : null}
      {stopping ? (
        <ConfirmPanel
          question="Stop the remaining nights?"
          details={
            <p>
              {nightCounts(stopping).toCome} nights still to come will not be charged. The nights already given stay
              given.
            </p>
          }
          confirmLabel="Yes, stop the remaining nights"
          intent="stop-ramadan"
          fields={{ id: String(stopping.id) }}
          cancelTo="/my-giving"
          cancelLabel="Keep my nights"
        />
      ) : null}
      <ul className="space-y-4">
        {schedules.map((schedule) => (
          <RamadanSchedule key={schedule.id} schedule={schedule} />
        ))}
      </ul>
    </section>
  );
}

function RamadanSchedule({ schedule }: { schedule: RamadanScheduleView }) {
  const counts = nightCounts(schedule);
  const title = `${RAMADAN_PLAN_LABELS[schedule.plan]}, ${perNightWords(schedule)}`;
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-ramadan-schedule={schedule.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">
            {title} · {schedule.purpose}
            {schedule.is_test ? <span className="ml-2 text-xs font-normal text-amber-800">(test)</span> : null}
          </p>
          <p className="text-sm text-slate-600">
            {SCHEDULE_WORDS[schedule.status] ?? schedule.status} · {counts.charged} given (
            {formatExactDollars(schedule.charged)}) · {counts.failed} declined · {counts.toCome} to come
          </p>
        </div>
        {schedule.status === "active" && counts.toCome > 0 ? (
          <Link
            to={`/my-giving?stop-ramadan=${schedule.id}`}
            preventScrollReset
            className="font-semibold text-red-700 hover:underline"
            aria-label={`Stop the remaining nights of ${title}`}
          >
            Stop the remaining nights
          </Link>
        ) : null}
      </div>
      {schedule.nights.length ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">See each night</summary>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {schedule.nights.map((night) => (
              <li key={night.number} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  {nightName(night.number)} · the evening of {eveningWords(night.evening)}
                  {night.status === "pending" && thirtyDaysWords(night.number) ? (
                    <span className="block text-xs text-slate-600">{thirtyDaysWords(night.number)}</span>
                  ) : null}
                </span>
                <span className="tabular-nums">
                  {formatExactDollars(night.amount)} · {NIGHT_WORDS[night.status] ?? night.status}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
