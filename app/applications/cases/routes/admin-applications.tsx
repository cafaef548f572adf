import { Link } from "react-router";
import type { Route } from "./+types/admin-applications";
import { APPLICATION_STATES, STATE_LABELS } from "~/applications/records";
import { ZAKAT_CATEGORIES } from "~/funds/funds";
import { getEnv } from "~/lib/env.server";
import { adminContext } from "~/lib/request-context";
import { formatDate } from "~/shared/dates";
import { formatExactDollars } from "~/shared/money";
import { DataTable } from "~/ui/data-table";
import { applyAtOnce, ListSearch } from "~/ui/list-search";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { queueQuery, readQueueFilter, type QueueFilter } from "../rules/queue-filter";
import { assignableStaff, findQueuePage, type Assignee, type CaseSummary } from "../server/cases.server";
import { ApplicationsTabs } from "../components/applications-tabs";

export const meta: Route.MetaFunction = () => [{ title: "Applications | Admin" }];

const SCREEN = "/admin/applications";
const PAGE_SIZE = 25;

/**
 * The case workers' queue: Zakat applications newest first, open ones unless the filter says
 * otherwise, by state, category and case worker. It shows figures, never the family's names:
 * a list is not a view of a case (each case page is, and is written to the audit trail).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  const { filter, problem } = readQueueFilter(url.searchParams);
  const [found, staff] = await Promise.all([findQueuePage(filter, admin, pageFrom(url), PAGE_SIZE), assignableStaff()]);
  return {
    cases: found.rows,
    total: found.total,
    page: found.page,
    filter,
    filterProblem: problem ?? null,
    staff,
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export default function ApplicationsQueue({ loaderData }: Route.ComponentProps) {
  const { cases, total, page, filter, staff, timeZone } = loaderData;
  const query = queueQuery(filter);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Applications</h1>
      <ApplicationsTabs />
      {loaderData.filterProblem ? (
        <Notice tone="error">{loaderData.filterProblem}: that part of the filter was left out.</Notice>
      ) : null}
      <QueueFilters filter={filter} staff={staff} />
      <DataTable
        caption="Applications, newest first"
        columns={[
          { label: "Reference" },
          { label: "State" },
          { label: "Submitted" },
          { label: "Household", align: "right" },
          { label: "Purpose" },
          { label: "Requested", align: "right" },
          { label: "Assigned to" },
        ]}
        emptyText={
          page > 1 ? (
            <>
              No applications on this page.{" "}
              <Link to={`${SCREEN}${query.size ? `?${query}` : ""}`} className="font-medium text-brand-700 underline">
                Back to the first page
              </Link>
            </>
          ) : (
            "No applications match"
          )
        }
      >
        {cases.map((item) => (
          <QueueRow key={item.id} item={item} timeZone={timeZone} />
        ))}
      </DataTable>
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} rowsOnPage={cases.length} label="Applications" />
    </div>
  );
}

/** State, category and case worker: applied as they change with JavaScript, by the Search button without. */
function QueueFilters({ filter, staff }: { filter: QueueFilter; staff: Assignee[] }) {
  const filtered =
    filter.state !== "open" || filter.category !== undefined || filter.caseworker !== undefined || Boolean(filter.ref);
  return (
    <ListSearch
      id="queue-search"
      label="Find a reference (ZA-…)"
      search={filter.ref}
      clearTo={SCREEN}
      filtered={filtered}
    >
      <div>
        <label htmlFor="queue-state" className="field-label">
          State
        </label>
        <select
          id="queue-state"
          name="state"
          defaultValue={filter.state}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="open">Open cases</option>
          <option value="all">All states</option>
          {APPLICATION_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="queue-category" className="field-label">
          Category
        </label>
        <select
          id="queue-category"
          name="category"
          defaultValue={filter.category ?? ""}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="">All categories</option>
          {ZAKAT_CATEGORIES.map((category) => (
            <option key={category.key} value={category.key}>
              {category.english} ({category.arabic})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="queue-caseworker" className="field-label">
          Case worker
        </label>
        <select
          id="queue-caseworker"
          name="caseworker"
          defaultValue={filter.caseworker === undefined ? "" : String(filter.caseworker)}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="">Everyone</option>
          <option value="mine">Mine</option>
          <option value="unassigned">Unassigned</option>
          {staff.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
    </ListSearch>
  );
}

function QueueRow({ item, timeZone }: { item: CaseSummary; timeZone: string }) {
  return (
    <tr data-testid={`application-${item.ref}`}>
      <td className="px-3 py-3 align-top font-medium whitespace-nowrap">
        <Link to={`${SCREEN}/${item.ref}`} className="text-brand-700 hover:underline">
          {item.ref}
        </Link>
      </td>
      <td className="px-3 py-3 align-top text-slate-700">{item.state_label}</td>
      <td className="px-3 py-3 align-top whitespace-nowrap text-slate-700">
        {formatDate(item.submitted_at, timeZone)}
        <span className="block text-xs text-slate-500">{item.submitted_on_hijri}</span>
      </td>
      <td className="px-3 py-3 text-right align-top text-slate-700 tabular-nums">{item.household_size}</td>
      <td className="px-3 py-3 align-top text-slate-700">
        {item.purpose_label}
        {item.category_label ? <span className="block text-xs text-slate-500">{item.category_label}</span> : null}
      </td>
      <td className="px-3 py-3 text-right align-top whitespace-nowrap text-slate-900 tabular-nums">
        {formatExactDollars(item.requested)}
      </td>
      <td className="px-3 py-3 align-top text-slate-700">
        {item.assigned_to ? (
          item.assigned_to.name || item.assigned_to.username
        ) : (
          <span className="text-slate-500">Unassigned</span>
        )}
      </td>
    </tr>
  );
}
