import { Link } from "react-router";
import { StatusBadge, TestBadge } from "~/ui/badges";
import { DataTable } from "~/ui/data-table";
import { RAMADAN_PLAN_LABELS } from "../rules/ramadan-nights";
import { eveningWords, nightName } from "../rules/ramadan-words";
import { formatDate, formatDateTime } from "~/shared/dates";
import { formatExactDollars } from "~/shared/money";
import { AuditHistory } from "~/staff/audit/index.ui";

/**
 * A schedule as the staff screen shows it (server/ramadan-schedules.server.ts's RamadanSchedule, amounts in dollars).
 */
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
  nights: {
    number: number;
    evening: string;
    amount: number;
    status: string;
    charged_at: string | null;
    donation_id: number | null;
    last_error: string;
  }[];
  charged: number;
  failed: number;
  created_at: string;
  stopped_at: string | null;
  stopped_by: string;
}

/** A schedule as the staff list shows it: its nights counted by the query, not listed. */
export type RamadanScheduleRowView = Omit<RamadanScheduleView, "nights"> & {
  nights_charged: number;
  nights_failed: number;
  nights_to_come: number;
};

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

/**
 * A page of schedules with their nights counted; Details and Stop open by address (?schedule=, ?stop=), so both work
 * without JavaScript.
 */
export function RamadanSchedulesTable({
  schedules,
  timeZone,
  query,
}: {
  schedules: RamadanScheduleRowView[];
  timeZone: string;
  query: URLSearchParams;
}) {
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
        { label: "Plan", fromSm: true },
        { label: "Status", fromSm: true },
        { label: "Nights", fromSm: true },
        { label: "Charged", align: "right", fromSm: true },
        { label: "Created", fromSm: true },
        { label: "Actions", hidden: true },
      ]}
      emptyText="No Ramadan schedules"
    >
      {schedules.map((schedule) => (
        <tr key={schedule.id} data-schedule={schedule.id}>
          <td className="px-3 py-3">
            <span className="block font-medium text-slate-900">{schedule.name}</span>
            <span className="block break-all text-slate-600">{schedule.email}</span>
            <div className="mt-2 space-y-1 text-slate-700 sm:hidden" data-testid="ramadan-schedule-facts">
              <Plan schedule={schedule} />
              <p>
                <Status schedule={schedule} />
              </p>
              <p>
                <Nights schedule={schedule} />
              </p>
              <p>{formatExactDollars(schedule.charged)} given</p>
            </div>
          </td>
          <td className={WIDE_CELL}>
            <Plan schedule={schedule} />
          </td>
          <td className={`${WIDE_CELL} whitespace-nowrap`}>
            <Status schedule={schedule} />
          </td>
          <td className={WIDE_CELL}>
            <Nights schedule={schedule} />
          </td>
          <td className={`${WIDE_CELL} text-right font-medium tabular-nums`}>{formatExactDollars(schedule.charged)}</td>
          <td className={`${WIDE_CELL} whitespace-nowrap`}>{formatDate(schedule.created_at, timeZone)}</td>
          <td className="px-3 py-3 text-right align-top whitespace-nowrap sm:align-middle">
            {/* Stacked on a phone, so both are in view without scrolling sideways. */}
            <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end sm:gap-3">
              <Link
                to={linkTo("schedule", schedule.id)}
                preventScrollReset
                className="font-semibold text-brand-700 hover:underline"
                aria-label={`Nights of ${schedule.name}`}
              >
                Nights
              </Link>
              {schedule.status === "active" || schedule.status === "awaiting_card" ? (
                <Link
                  to={linkTo("stop", schedule.id)}
                  preventScrollReset
                  data-stop-for={schedule.id}
                  className="font-semibold text-red-700 hover:underline"
                  aria-label={`Stop the nights of ${schedule.name}`}
                >
                  Stop
                </Link>
              ) : null}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

// From a small tablet's width up the facts have their own columns; on a phone they stack under the donor.
const WIDE_CELL = "hidden px-3 py-3 sm:table-cell";

function Plan({ schedule }: { schedule: RamadanScheduleRowView }) {
  return (
    <>
      <span className="block">{RAMADAN_PLAN_LABELS[schedule.plan]}</span>
      <span className="block text-xs text-slate-600">{perNightWords(schedule)}</span>
      <span className="block text-xs text-slate-600">{schedule.purpose}</span>
    </>
  );
}

function Status({ schedule }: { schedule: RamadanScheduleRowView }) {
  return (
    <>
      <StatusBadge status={STATUS_WORDS[schedule.status] ?? schedule.status} />
      {schedule.is_test ? <TestBadge /> : null}
    </>
  );
}

function Nights({ schedule }: { schedule: RamadanScheduleRowView }) {
  return (
    <>
      {schedule.nights_charged} charged · {schedule.nights_failed} failed · {schedule.nights_to_come} to come
    </>
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
export function RamadanScheduleNights({
  schedule,
  timeZone,
  closeTo,
}: {
  schedule: RamadanScheduleView;
  timeZone: string;
  closeTo: string;
}) {
  return (
    <section
      aria-labelledby="schedule-nights-title"
      className="space-y-3 rounded-xl border-2 border-brand-600 bg-white p-3 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="schedule-nights-title" className="text-lg font-semibold text-slate-900">
            Nights of {schedule.name}
          </h2>
          <p className="text-sm text-slate-600">
            {RAMADAN_PLAN_LABELS[schedule.plan]}, {perNightWords(schedule)}, for {schedule.purpose}
            {schedule.is_test ? " (test: no money moves)" : ""}.
            {schedule.stopped_at
              ? ` Stopped on ${formatDate(schedule.stopped_at, timeZone)} by ${schedule.stopped_by === "donor" ? "the donor" : schedule.stopped_by}.`
              : ""}
          </p>
        </div>
        <div className="flex items-center gap-4">
          <AuditHistory entity="ramadan-schedule" entityId={schedule.id} />
          <Link to={closeTo} preventScrollReset className="btn-secondary">
            Close
          </Link>
        </div>
      </div>
      {schedule.nights.length === 0 ? (
        <p className="text-slate-600">No nights yet: they are dated once the donor&apos;s card is saved.</p>
      ) : (
        <DataTable
          caption={`The nights of ${schedule.name}'s schedule`}
          columns={[
            { label: "Night" },
            { label: "Amount", align: "right" },
            { label: "Status" },
            { label: "Charged at", fromSm: true },
            { label: "Gift", fromSm: true },
          ]}
          emptyText="No nights"
        >
          {schedule.nights.map((night) => (
            <tr key={night.number}>
              <td className="px-2 py-2 sm:px-3">
                <span className="block font-medium">{nightName(night.number)}</span>
                <span className="block">{eveningWords(night.evening)}</span>
              </td>
              <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{formatExactDollars(night.amount)}</td>
              <td className="px-2 py-2 sm:px-3">
                {NIGHT_STATUS_WORDS[night.status] ?? night.status}
                {night.last_error ? <span className="block text-xs text-red-800">{night.last_error}</span> : null}
                {/* On a phone, when it was charged and its gift stand under its status. */}
                {night.charged_at ? (
                  <span className="block text-xs text-slate-600 sm:hidden">
                    {formatDateTime(night.charged_at, timeZone)}
                  </span>
                ) : null}
                {night.donation_id ? (
                  <span className="block sm:hidden">
                    <NightGift night={night} email={schedule.email} />
                  </span>
                ) : null}
              </td>
              <td className="hidden px-2 py-2 sm:px-3 whitespace-nowrap sm:table-cell">
                {night.charged_at ? formatDateTime(night.charged_at, timeZone) : "—"}
              </td>
              <td className="hidden px-2 py-2 sm:px-3 sm:table-cell">
                {night.donation_id ? <NightGift night={night} email={schedule.email} /> : "—"}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** The gift a charged night made, on the Donations screen filtered to the donor's Ramadan gifts. */
function NightGift({ night, email }: { night: { number: number; donation_id: number | null }; email: string }) {
  return (
    <Link
      to={`/admin/donations?${new URLSearchParams({ search: email, frequency: "Ramadan" })}`}
      className="font-medium text-brand-700 underline"
      aria-label={`Gift ${night.donation_id}, ${nightName(night.number)}`}
    >
      Gift #{night.donation_id}
    </Link>
  );
}
