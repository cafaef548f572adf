import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-ramadan";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { applyAtOnce } from "~/ui/list-search";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { RamadanScheduleNights, RamadanSchedulesTable } from "../components/ramadan-schedules";
import { useFocusReturn } from "~/ui/use-focus-return";
import { chargeTimeWords, eveningWords, tonightWords } from "../rules/ramadan-words";
import { tonightsEvening } from "../rules/ramadan-charge-window";
import { todayIn } from "~/shared/dates";
import { parseRecordId } from "~/shared/record-id";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { failureNotice, refuseUnknownIntent } from "~/ui/form-replies.server";
import { requireRecordId } from "~/lib/record-ids.server";
import { adminContext } from "~/lib/request-context";
import {
  countRamadanNightsToCome,
  findRamadanScheduleOrNull,
  findRamadanSchedulePage,
  stopRamadanSchedule,
  type RamadanScheduleFilter,
} from "../server/ramadan-schedules.server";
import { ramadanSettings } from "../server/ramadan-settings.server";
import { runTonightsRamadanCharges } from "../server/ramadan-charges.server";

export const meta: Route.MetaFunction = () => [{ title: "Ramadan nights | Admin" }];

const PAGE_SIZE = 25;
/** The address's open panels and notices, which belong to the page they were opened on. */
const TRANSIENT = ["schedule", "stop", "stopped", "run", "ran"];

const STATUSES = [
  { value: "active", label: "Active" },
  { value: "awaiting_card", label: "Awaiting card" },
  { value: "stopped", label: "Stopped" },
  { value: "finished", label: "Finished" },
] as const;

/** The list's filter from the address: a status and a donor's email, applied in the query. */
function readFilter(params: URLSearchParams): RamadanScheduleFilter {
  const status = STATUSES.find((each) => each.value === params.get("status"))?.value;
  const email = params.get("email")?.trim();
  return { ...(status ? { status } : {}), ...(email ? { email } : {}) };
}

/** "1 charged, 0 failed, 0 already charged, 0 missed": what a run did, from its address (?ran=1-0-0-0). */
function ranWords(ran: string | null): string | null {
  const counts = /^(\d+)-(\d+)-(\d+)-(\d+)$/.exec(ran ?? "");
  if (!counts) return null;
  const [charged, failed, already, missed] = counts.slice(1).map(Number) as [number, number, number, number];
  return `Tonight's charges ran: ${charged} charged, ${failed} failed, ${already} already charged, ${missed} missed.`;
}

export async function loader({ url }: Route.LoaderArgs) {
  const timeZone = getEnv().SITE_TIMEZONE;
  const settings = await ramadanSettings();
  const firstNight = settings.first_night ?? settings.proposed_first_night;
  const filter = readFilter(url.searchParams);
  // An opened schedule is found by its id, whatever page or filter the list shows.
  const find = (name: string) => findRamadanScheduleOrNull(parseRecordId(url.searchParams.get(name)));
  const [found, toCome, details, stopping, stopped] = await Promise.all([
    findRamadanSchedulePage(filter, pageFrom(url), PAGE_SIZE),
    countRamadanNightsToCome(),
    find("schedule"),
    find("stop"),
    find("stopped"),
  ]);
  return {
    timeZone,
    tonight: tonightWords(
      tonightsEvening(new Date(), timeZone),
      firstNight,
      settings.first_night !== null,
      todayIn(timeZone),
    ),
    firstNight: { evening: eveningWords(firstNight), confirmed: settings.first_night !== null },
    chargeHour: chargeTimeWords(settings.charge_hour, timeZone),
    filter,
    schedules: found.rows,
    matching: found.total,
    page: found.page,
    toCome,
    details,
    stopping,
    confirmingRun: url.searchParams.has("run"),
    ran: ranWords(url.searchParams.get("ran")),
    stoppedNotice:
      stopped?.status === "stopped"
        ? `The remaining nights of ${stopped.name} are stopped: they will not be charged.`
        : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
  const by = context.get(adminContext)!.username;
  if (intent === "run") {
    try {
      const round = await runTonightsRamadanCharges({ by });
      return redirect(
        `/admin/ramadan?ran=${[round.charged, round.failed, round.already_charged, round.missed].join("-")}`,
        303,
      );
    } catch (error) {
      return failureNotice(error, {
        what: "Running tonight's Ramadan charges failed",
        failed: "Tonight's charges could not be run. Please try again.",
      });
    }
  }
  if (intent === "stop") {
    try {
      const stopped = await stopRamadanSchedule(requireRecordId(formData.get("id")), { name: by });
      return redirect(`/admin/ramadan?stopped=${stopped.id}`, 303);
    } catch (error) {
      return failureNotice(error, {
        what: "Stopping a Ramadan schedule failed",
        failed: "The nights could not be stopped. Please try again.",
      });
    }
  }
  return refuseUnknownIntent(request, intent);
}

export default function RamadanSchedules({ loaderData, actionData }: Route.ComponentProps) {
  const { schedules, timeZone, filter, details, stopping, toCome, page } = loaderData;
  const filterQuery = new URLSearchParams({
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.email ? { email: filter.email } : {}),
  });
  // Closing a panel or opening another keeps the list's page as well as its filter.
  const query = new URLSearchParams(filterQuery);
  if (page > 1) query.set("page", String(page));
  const closeTo = `/admin/ramadan${query.size ? `?${query}` : ""}`;
  useFocusReturn(actionData || !stopping ? null : String(stopping.id), (id) => `[data-stop-for="${id}"]`);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Ramadan nights</h1>
        <Link to="?run=1" preventScrollReset className="btn-primary">
          Run tonight&apos;s charges now
        </Link>
      </div>

      <section aria-labelledby="tonight-title" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="tonight-title" className="sr-only">
          Tonight
        </h2>
        <p className="font-semibold text-slate-900" data-testid="ramadan-tonight">
          {loaderData.tonight}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {loaderData.firstNight.confirmed
            ? `The first night was confirmed for the evening of ${loaderData.firstNight.evening}.`
            : `The first night is only proposed (the evening of ${loaderData.firstNight.evening}) until it is confirmed in `}
          {loaderData.firstNight.confirmed ? null : (
            <Link to="/admin/settings" className="font-medium text-brand-700 underline">
              Settings
            </Link>
          )}
          {loaderData.firstNight.confirmed ? " " : ". "}
          Each night is charged from {loaderData.chargeHour} on its evening; {toCome}{" "}
          {toCome === 1 ? "night is" : "nights are"} still to come.
        </p>
      </section>

      {actionData && !actionData.ok ? <Notice tone="error">{actionData.message}</Notice> : null}
      {loaderData.ran && !actionData ? (
        <Notice tone="success" focus>
          {loaderData.ran}
        </Notice>
      ) : null}
      {loaderData.stoppedNotice && !actionData ? (
        <Notice tone="success" focus>
          {loaderData.stoppedNotice}
        </Notice>
      ) : null}

      {loaderData.confirmingRun && !actionData ? (
        <ConfirmPanel
          question="Charge tonight's nights now?"
          details={
            <p>
              Every active schedule&apos;s night for tonight is charged at once, before the charge hour. A night already
              charged is never charged again.
            </p>
          }
          confirmLabel="Yes, charge tonight's nights"
          intent="run"
          fields={{}}
          cancelTo={closeTo}
          cancelLabel="Not now"
        />
      ) : null}
      {stopping && !actionData ? (
        <ConfirmPanel
          question={`Stop the remaining nights of ${stopping.name}?`}
          details={
            <p>
              The nights still to come are not charged; the nights already given stay given. The donor would set up
              their nights again to give more.
            </p>
          }
          confirmLabel="Yes, stop these nights"
          intent="stop"
          fields={{ id: String(stopping.id) }}
          cancelTo={closeTo}
          cancelLabel="Keep them"
        />
      ) : null}

      <Form method="get" role="search" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
        <div>
          <label htmlFor="ramadan-status" className="field-label">
            Status
          </label>
          <select
            id="ramadan-status"
            name="status"
            defaultValue={filter.status ?? ""}
            onChange={applyAtOnce}
            className="field-input max-w-xs"
          >
            <option value="">All statuses</option>
            {STATUSES.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-56 flex-1">
          <label htmlFor="ramadan-email" className="field-label">
            Donor&apos;s email
          </label>
          <input
            id="ramadan-email"
            name="email"
            type="search"
            defaultValue={filter.email ?? ""}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
        {filterQuery.size ? (
          <Link to="/admin/ramadan" className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </Form>

      {details ? <RamadanScheduleNights schedule={details} timeZone={timeZone} closeTo={closeTo} /> : null}

      <RamadanSchedulesTable schedules={schedules} timeZone={timeZone} query={query} />
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={loaderData.matching}
        rowsOnPage={schedules.length}
        label="Ramadan schedules"
        transient={TRANSIENT}
      />
      <p className="text-sm text-slate-600">
        Test schedules (marked Test) are listed but their gifts are never counted in totals.
      </p>
    </div>
  );
}
