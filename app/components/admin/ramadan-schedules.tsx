import { Link } from "react-router";
import { StatusBadge, TestBadge } from "~/components/admin/badges";
import { DataTable } from "~/components/admin/data-table";
import { RAMADAN_PLAN_LABELS } from "~/domain/giving/ramadan-nights";
import { eveningWords, nightName } from "~/domain/giving/ramadan-words";
import { formatDate, formatDateTime } from "~/domain/shared/dates";
import { formatExactDollars } from "~/domain/shared/money";

/** A schedule as the staff screen shows it (the giving services' RamadanSchedule, amounts in dollars). */
export interface RamadanScheduleView {
  id: number;
  name: string;
  email: string;
  plan: keyof typeof RAMADAN_PLAN_LABELS;
  per_night: number;
  double_odd_nights: boolean;
  purpose: string;
  status: string;
  is_test: boolean;
  nights: { number: number; evening: string; amount: number; status: string; charged_at: string | null; donation_id: number | null; last_error: string }[];
  charged: number;
  failed: number;
  created_at: string;
  stopped_at: string | null;
  stopped_by: string;
}

/** Nights charged, failed and still to come. */
export function nightCounts(schedule: Pick<RamadanScheduleView, "nights">) {
  const count = (statuses: string[]) => schedule.nights.filter((night) => statuses.includes(night.status)).length;
  return { charged: count(["charged"]), failed: count(["failed"]), toCome: count(["pending", "retrying", "charging"]) };
}

/** "$10.00 a night, doubled on the odd nights of the last ten". */
export function perNightWords(schedule: Pick<RamadanScheduleView, "per_night" | "double_odd_nights">): string {
  return `${formatExactDollars(schedule.per_night)} a night${schedule.double_odd_nights ? ", doubled on the odd nights of the last ten" : ""}`;
}

const STATUS_WORDS: Record<string, string> = {
  awaiting_card: "awaiting card",
  active: "active",
  stopped: "stopped",
  finished: "finished",
};

/** Every schedule with its nights counted; Details and Stop open by address (?schedule=, ?stop=), so both work without JavaScript. */
export function RamadanSchedulesTable({ schedules, timeZone, query }: { schedules: RamadanScheduleView[]; timeZone: string; query: URLSearchParams }) {
  const linkTo = (name: string, id: number) => {
    const params = new URLSearchParams(query);
    params.delete("schedule");
    params.delete("stop");
    params.delete("stopped");
    params.set(name, String(id));
    return `?${params}`;
  };
  return (
    <DataTable
      caption="Ramadan schedules, newest first"
      columns={[
        { label: "Donor" },
        { label: "Plan" },
        { label: "Status" },
        { label: "Nights" },
        { label: "Charged", align: "right" },
        { label: "Created", fromSm: true },
        { label: "Actions", hidden: true },
      ]}
      emptyText="No Ramadan schedules"
    >
      {schedules.map((schedule) => {
        const counts = nightCounts(schedule);
        return (
          <tr key={schedule.id} data-schedule={schedule.id}>
            <td className="px-3 py-3">
              <span className="block font-medium text-slate-900">{schedule.name}</span>
              <span className="block text-slate-600">{schedule.email}</span>
            </td>
            <td className="px-3 py-3">
              <span className="block">{RAMADAN_PLAN_LABELS[schedule.plan]}</span>
              <span className="block text-xs text-slate-600">{perNightWords(schedule)}</span>
              <span className="block text-xs text-slate-600">{schedule.purpose}</span>
            </td>
            <td className="px-3 py-3 whitespace-nowrap">
              <StatusBadge status={STATUS_WORDS[schedule.status] ?? schedule.status} />
              {schedule.is_test ? <TestBadge /> : null}
            </td>
            <td className="px-3 py-3">
              {counts.charged} charged · {counts.failed} failed · {counts.toCome} to come
            </td>
            <td className="px-3 py-3 text-right font-medium tabular-nums">{formatExactDollars(schedule.charged)}</td>
            <td className="hidden px-3 py-3 whitespace-nowrap sm:table-cell">{formatDate(schedule.created_at, timeZone)}</td>
            <td className="px-3 py-3 text-right whitespace-nowrap">
              <Link to={linkTo("schedule", schedule.id)} preventScrollReset className="font-semibold text-brand-700 hover:underline" aria-label={`Nights of ${schedule.name}`}>
                Nights
              </Link>
              {schedule.status === "active" || schedule.status === "awaiting_card" ? (
                <Link
                  to={linkTo("stop", schedule.id)}
                  preventScrollReset
                  data-stop-for={schedule.id}
                  className="ml-3 font-semibold text-red-700 hover:underline"
                  aria-label={`Stop the nights of ${schedule.name}`}
                >
                  Stop
                </Link>
              ) : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

const NIGHT_STATUS_WORDS: Record<string, string> = {
  pending: "to come",
  charging: "being charged",
  charged: "charged",
  failed: "failed",
  retrying: "failed, to be retried",
  missed: "missed",
  stopped: "stopped",
};

/** One schedule's nights: each evening, amount and what became of it, with the gift it made. */
export function RamadanScheduleNights({ schedule, timeZone, closeTo }: { schedule: RamadanScheduleView; timeZone: string; closeTo: string }) {
  return (
    <section aria-labelledby="schedule-nights-title" className="space-y-3 rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="schedule-nights-title" className="text-lg font-semibold text-slate-900">
            Nights of {schedule.name}
          </h2>
          <p className="text-sm text-slate-600">
            {RAMADAN_PLAN_LABELS[schedule.plan]}, {perNightWords(schedule)}, for {schedule.purpose}
            {schedule.is_test ? " (test: no money moves)" : ""}.
            {schedule.stopped_at ? ` Stopped on ${formatDate(schedule.stopped_at, timeZone)} by ${schedule.stopped_by === "donor" ? "the donor" : schedule.stopped_by}.` : ""}
          </p>
        </div>
        <Link to={closeTo} preventScrollReset className="btn-secondary">
          Close
        </Link>
      </div>
      {schedule.nights.length === 0 ? (
        <p className="text-slate-600">No nights yet: they are dated once the donor&apos;s card is saved.</p>
      ) : (
        <DataTable
          caption={`The nights of ${schedule.name}'s schedule`}
          columns={[{ label: "Night" }, { label: "Evening" }, { label: "Amount", align: "right" }, { label: "Status" }, { label: "Charged at" }, { label: "Gift" }]}
          emptyText="No nights"
        >
          {schedule.nights.map((night) => (
            <tr key={night.number}>
              <td className="px-3 py-2 font-medium">{nightName(night.number)}</td>
              <td className="px-3 py-2">{eveningWords(night.evening)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatExactDollars(night.amount)}</td>
              <td className="px-3 py-2">
                {NIGHT_STATUS_WORDS[night.status] ?? night.status}
                {night.last_error ? <span className="block text-xs text-red-800">{night.last_error}</span> : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{night.charged_at ? formatDateTime(night.charged_at, timeZone) : "—"}</td>
              <td className="px-3 py-2">
                {night.donation_id ? (
                  <Link
                    to={`/admin/donations?${new URLSearchParams({ search: schedule.email, frequency: "Ramadan" })}`}
                    className="font-medium text-brand-700 underline"
                    aria-label={`Gift ${night.donation_id}, ${nightName(night.number)}`}
                  >
                    Gift #{night.donation_id}
                  </Link>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
