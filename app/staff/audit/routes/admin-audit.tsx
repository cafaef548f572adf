import { Link } from "react-router";
import type { Route } from "./+types/admin-audit";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { DataTable } from "~/ui/data-table";
import { TruncatedText } from "~/ui/truncated-text";
import { auditFilterQuery, auditHistoryHref, isAuditFiltered, readAuditFilter } from "../rules/audit-filter";
import { changeValueText } from "../rules/changes-text";
import type { Changes } from "../rules/changes";
import { findAuditPage, listAuditPeople, listAuditWords } from "../server/audit-list.server";
import { AuditFilters } from "../components/audit-filters";

export const meta: Route.MetaFunction = () => [{ title: "Audit | Admin" }];

/** As the other staff lists: a page a laptop shows in a scroll or two (the API pages by 50). */
const SCREEN_PAGE_SIZE = 25;

export async function loader({ url }: Route.LoaderArgs) {
  const { filter, problem } = readAuditFilter(url.searchParams);
  const [found, people, words] = await Promise.all([
    findAuditPage(filter, pageFrom(url), SCREEN_PAGE_SIZE),
    listAuditPeople(),
    listAuditWords(),
  ]);
  return { ...found, filter, people, ...words, filterProblem: problem ?? null };
}

/** "2026-12-07 03:55:12": the entry's moment in UTC, to the second. */
function whenText(at: string): string {
  return at.slice(0, 19).replace("T", " ");
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, filter, page } = loaderData;
  const query = auditFilterQuery(filter);
  const filtered = isAuditFiltered(filter);
  const firstPageLink = `/admin/audit${query.size ? `?${query}` : ""}`;
  const history = filter.entity && filter.entityId ? `${filter.entity} #${filter.entityId}` : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Audit</h1>
          <p className="text-sm text-slate-600">
            {history
              ? `The history of ${history}, newest first.`
              : "Every staff change, sign-in and export of personal data, newest first. Entries are never changed or deleted."}
          </p>
        </div>
        {/* A plain link, no `download`: when the password must be given again, the browser follows the answer to
            Confirm your password instead of saving that page as the file; otherwise the CSV downloads. */}
        <a href={`/admin/audit.csv${query.size ? `?${query}` : ""}`} className="btn-secondary">
          Export CSV
        </a>
      </div>

      {loaderData.filterProblem ? (
        <Notice tone="error">{loaderData.filterProblem}: that part of the filter was left out.</Notice>
      ) : null}

      <AuditFilters
        filter={filter}
        people={loaderData.people}
        actions={loaderData.actions}
        entities={loaderData.entities}
        filtered={filtered}
      />

      <DataTable
        caption="Audit trail, newest first"
        columns={[
          { label: "When (UTC)" },
          { label: "Who" },
          { label: "Action" },
          { label: "Record" },
          { label: "Summary" },
          { label: "Changes" },
          { label: "Address and browser" },
        ]}
        emptyText={
          page > 1 ? (
            <>
              No entries on this page.{" "}
              <Link to={firstPageLink} className="font-medium text-brand-700 underline">
                Back to the first page
              </Link>
            </>
          ) : (
            "No entries found"
          )
        }
      >
        {entries.map((entry) => (
          <tr key={entry.id} className="align-top">
            <td className="px-3 py-3 whitespace-nowrap text-slate-700 tabular-nums">
              <time dateTime={entry.at}>{whenText(entry.at)}</time>
            </td>
            <td className="px-3 py-3 font-medium text-slate-900">
              <TruncatedText text={entry.actor_name || "—"} className="max-w-36" />
            </td>
            {/* An action is one word of parts ("recovery-codes-regenerated"): it breaks after a hyphen. */}
            <td className="max-w-36 px-3 py-3 text-slate-700">{entry.action}</td>
            {/* Long words (a setting's key, a link in a change) may break anywhere: the table must fit a laptop. */}
            <td className="max-w-44 px-3 py-3 text-slate-700 [overflow-wrap:anywhere]">
              {entry.entity_id ? (
                <Link
                  to={auditHistoryHref(entry.entity, entry.entity_id)}
                  className="text-brand-700 underline"
                  title={`The history of ${entry.entity} #${entry.entity_id}`}
                >
                  {entry.entity} #{entry.entity_id}
                </Link>
              ) : (
                entry.entity
              )}
            </td>
            <td className="px-3 py-3 text-slate-700">
              <TruncatedText text={entry.summary || "—"} className="max-w-56" />
            </td>
            <td className="px-3 py-3 text-slate-700">
              <ChangeList changes={entry.changes} />
            </td>
            <td className="px-3 py-3 text-xs text-slate-600">
              <span className="block [overflow-wrap:anywhere]">{entry.address || "—"}</span>
              <TruncatedText text={entry.user_agent || "—"} className="max-w-44" />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={loaderData.pageSize}
        total={loaderData.total}
        capped={loaderData.capped}
        rowsOnPage={entries.length}
        label="Audit entries"
      />
    </div>
  );
}

/** Each changed field, "title: Winter → Winter appeal". */
function ChangeList({ changes }: { changes: Changes }) {
  const fields = Object.entries(changes);
  if (!fields.length) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {fields.map(([field, [before, after]]) => (
        <li key={field} className="max-w-80 [overflow-wrap:anywhere]">
          <span className="font-medium text-slate-900">{`${field}:`}</span> {changeValueText(before, 80)} →{" "}
          {changeValueText(after, 80)}
        </li>
      ))}
    </ul>
  );
}
