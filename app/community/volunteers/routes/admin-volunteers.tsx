import { Link } from "react-router";
import type { Route } from "./+types/admin-volunteers";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { useListLink } from "~/ui/list-query";
import { applyAtOnce, ListSearch } from "~/ui/list-search";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { StatCard } from "~/staff/dashboard/index.ui";
import { useFocusReturn } from "~/ui/use-focus-return";
import { formatDate } from "~/shared/dates";
import { formatCount } from "~/shared/money";
import { requireRecordId, rowFromParam } from "~/lib/record-ids.server";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { refuseUnknownIntent } from "~/ui/form-replies.server";
import { backToList, backToListIfMissing } from "~/ui/list-return.server";
import {
  countVolunteers,
  deleteVolunteer,
  findVolunteerPage,
  getVolunteer,
  readVolunteerFilter,
} from "../server/volunteers.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Volunteers | Admin" }];

const SCREEN = "/admin/volunteers";
const PAGE_SIZE = 25;
const TRANSIENT = ["delete", "deleted", "missing"];

export async function loader({ url }: Route.LoaderArgs) {
  const { filter } = readVolunteerFilter(url.searchParams);
  const [found, counts, deleting] = await Promise.all([
    findVolunteerPage(filter, pageFrom(url), PAGE_SIZE),
    countVolunteers(),
    rowFromParam(url.searchParams.get("delete"), getVolunteer),
  ]);
  return {
    ...found,
    filter,
    counts,
    deleting,
    deleted: url.searchParams.has("deleted"),
    missing: url.searchParams.has("missing"),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const form = await readFormBody(request);
  if (form.get("intent") !== "delete") refuseUnknownIntent(request, form.get("intent"));
  try {
    await deleteVolunteer(requireRecordId(form.get("id")));
    return backToList(url, SCREEN, { deleted: "1" }, TRANSIENT);
  } catch (error) {
    return backToListIfMissing(error, url, SCREEN, TRANSIENT);
  }
}

export default function Volunteers({ loaderData }: Route.ComponentProps) {
  const { volunteers, total, capped, page, filter, counts, deleting, timeZone } = loaderData;
  const listLink = useListLink(TRANSIENT);
  useFocusReturn(deleting ? String(deleting.id) : null, (id) => `[data-delete-for="${id}"]`);
  const filtered = Boolean(filter.search || filter.interest);
  const exportQuery = new URLSearchParams({
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.interest ? { interest: filter.interest } : {}),
  });
  const interestLink = (interest: string) => `/admin/volunteers?${new URLSearchParams({ interest })}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Volunteers</h1>
        {/* A plain link, no `download`: when the password must be given again, the browser follows the answer to
            Confirm your password instead of saving that page as the file; otherwise the CSV downloads. */}
        <a href={`/admin/volunteers/export${exportQuery.size ? `?${exportQuery}` : ""}`} className="btn-secondary">
          Export CSV
        </a>
      </div>

      {loaderData.deleted ? (
        <Notice tone="success" focus>
          Volunteer signup deleted.
        </Notice>
      ) : null}
      {loaderData.missing ? <Notice tone="error">That volunteer signup no longer exists.</Notice> : null}

      {deleting ? (
        <ConfirmPanel
          question="Are you sure you want to delete this volunteer submission?"
          details={
            <p>
              The signup from {deleting.name} ({deleting.email}) will be removed. This cannot be undone.
            </p>
          }
          confirmLabel="Yes, delete signup"
          intent="delete"
          fields={{ id: String(deleting.id) }}
          cancelTo={listLink()}
        />
      ) : null}

      <section aria-labelledby="volunteer-summary">
        <h2 id="volunteer-summary" className="sr-only">
          Signups by interest
        </h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
          <StatCard
            label="Total Volunteers"
            value={formatCount(counts.total)}
            to="/admin/volunteers"
            testId="volunteers-total"
          />
          {Object.entries(counts.by_interest).map(([interest, count]) => (
            <StatCard key={interest} label={interest} value={formatCount(count)} to={interestLink(interest)} />
          ))}
        </dl>
      </section>

      <ListSearch
        id="volunteer-search"
        label="Search name or email"
        search={filter.search}
        clearTo="/admin/volunteers"
        filtered={filtered}
      >
        <div>
          <label htmlFor="volunteer-interest" className="field-label">
            Interest
          </label>
          <select
            id="volunteer-interest"
            name="interest"
            defaultValue={filter.interest ?? ""}
            onChange={applyAtOnce}
            className="field-input"
          >
            <option value="">All interests</option>
            {/* The form's interests, then any other value kept from earlier signups. */}
            {Object.keys(counts.by_interest).map((interest) => (
              <option key={interest} value={interest}>
                {interest}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>

      <DataTable
        caption="Volunteer signups, newest first"
        columns={[
          { label: "Name" },
          { label: "Email" },
          { label: "Interest" },
          { label: "Date" },
          { label: "Actions", hidden: true },
        ]}
        emptyText={counts.total === 0 ? "No volunteer signups yet" : "No matching volunteers"}
      >
        {volunteers.map((volunteer) => (
          <tr key={volunteer.id}>
            <td className="px-3 py-3 font-medium text-slate-900">{volunteer.name}</td>
            <td className="px-3 py-3">
              <a href={`mailto:${volunteer.email}`} className="text-brand-700 underline">
                {volunteer.email}
              </a>
            </td>
            <td className="px-3 py-3 text-slate-700">{volunteer.interest}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">
              {formatDate(volunteer.submitted_at, timeZone)}
            </td>
            <td className="px-3 py-3 text-right whitespace-nowrap">
              <Link
                to={listLink({ delete: String(volunteer.id) })}
                preventScrollReset
                data-delete-for={volunteer.id}
                className="font-semibold text-red-700 hover:underline"
                aria-label={`Delete signup from ${volunteer.name}`}
              >
                Delete
              </Link>
              <AuditHistory entity="volunteer" entityId={volunteer.id} of={`signup from ${volunteer.name}`} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        capped={capped}
        rowsOnPage={volunteers.length}
        label="Volunteers"
        transient={TRANSIENT}
      />
    </div>
  );
}
