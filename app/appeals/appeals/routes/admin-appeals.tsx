import { Link } from "react-router";
import type { Route } from "./+types/admin-appeals";
import { AppealForm } from "../components/appeal-form";
import { AppealRow } from "../components/appeal-row";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { FormModal } from "~/ui/form-modal";
import { applyAtOnce, ListSearch } from "~/ui/list-search";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { useFocusReturn } from "~/ui/use-focus-return";
import { APPEAL_STATUS_LABELS, APPEAL_STATUSES, appealSchema } from "../rules/appeal-schemas";
import { UPLOAD_FOLDERS } from "~/content/media";
import { todayIn } from "~/shared/dates";
import { contentFormAction } from "~/ui/content-form.server";
import { getEnv } from "~/lib/env.server";
import { rowFromParam } from "~/lib/record-ids.server";
import {
  appealFundChoices,
  createAppeal,
  deleteAppeal,
  findAppealPage,
  getAppeal,
  readAppealFilter,
  updateAppeal,
  type AppealFilter,
} from "../server/appeals.server";
import { photoUpload } from "~/content/media/index.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Appeals | Admin" }];

const SCREEN = "/admin/appeals";
const PAGE_SIZE = 25;
const STAFF = { staff: true };

export async function loader({ url }: Route.LoaderArgs) {
  const { filter, problem } = readAppealFilter(url.searchParams);
  const [found, editing, deleting, funds] = await Promise.all([
    findAppealPage(filter, pageFrom(url), PAGE_SIZE),
    rowFromParam(url.searchParams.get("edit"), (id) => getAppeal(id, STAFF)),
    rowFromParam(url.searchParams.get("delete"), (id) => getAppeal(id, STAFF)),
    appealFundChoices(),
  ]);
  return {
    appeals: found.rows,
    total: found.total,
    page: found.page,
    filter,
    filterProblem: problem ?? null,
    creating: url.searchParams.has("new"),
    editing,
    deleting,
    funds,
    saved: url.searchParams.get("saved"),
    deleted: url.searchParams.has("deleted"),
    today: todayIn(getEnv().SITE_TIMEZONE),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return contentFormAction(request, {
    screen: SCREEN,
    schema: appealSchema,
    flags: ["is_featured"],
    photo: { field: "image_filename", upload: photoUpload(UPLOAD_FOLDERS.appeals) },
    save: (id, values) => (id ? updateAppeal(id, values) : createAppeal(values)),
    remove: deleteAppeal,
  });
}

export default function AdminAppeals({ loaderData, actionData }: Route.ComponentProps) {
  const { appeals, total, page, filter, editing, creating, deleting, funds, today } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const refused = actionData && "refused" in actionData ? actionData.refused : null;
  useFocusReturn(deleting ? String(deleting.id) : null, (id) => `[data-delete-for="${id}"]`);
  const formOpen = creating || editing !== null || lastResult !== undefined;
  const confirming = deleting && !refused ? deleting : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Appeals</h1>
        <Link to="?new=1" preventScrollReset className="btn-primary">
          New appeal
        </Link>
      </div>
      {loaderData.saved && !formOpen ? <Notice tone="success">Appeal saved.</Notice> : null}
      {loaderData.deleted ? <Notice tone="success">Draft appeal deleted. Its address stays retired.</Notice> : null}
      {refused ? (
        <Notice tone="error" focus>
          {refused}
        </Notice>
      ) : null}
      {actionData && "missing" in actionData ? <Notice tone="error">That appeal no longer exists.</Notice> : null}
      {loaderData.filterProblem ? (
        <Notice tone="error">{loaderData.filterProblem}: that part of the filter was left out.</Notice>
      ) : null}

      {/* First on the page: without JavaScript this is a plain section, and must be in view. */}
      {formOpen ? (
        <FormModal title={editing ? `Edit appeal: ${editing.title}` : "New appeal"} closeTo={SCREEN}>
          {editing ? <AuditHistory entity="appeal" entityId={editing.id} atTopOfForm /> : null}
          <AppealForm key={editing?.id ?? "new"} appeal={editing} lastResult={lastResult} funds={funds} today={today} />
        </FormModal>
      ) : null}

      {confirming ? (
        confirming.status === "draft" ? (
          <ConfirmPanel
            question="Are you sure you want to delete this draft appeal?"
            details={
              <p>
                “{confirming.title}” will be removed. Its address, /appeals/{confirming.slug}, will never be given to
                another appeal.
              </p>
            }
            confirmLabel="Yes, delete draft"
            intent="delete"
            fields={{ id: String(confirming.id) }}
            cancelTo={SCREEN}
          />
        ) : (
          <Notice tone="error">
            Only a draft can be deleted. “{confirming.title}” has gone live: edit it and choose Closed instead.
          </Notice>
        )
      ) : null}

      <AppealFilters filter={filter} />

      <DataTable
        caption="Appeals, newest first"
        columns={[
          { label: "Appeal" },
          { label: "Status", fromSm: true },
          { label: "Fund", fromSm: true },
          { label: "Raised", fromSm: true },
          { label: "Gifts", fromSm: true },
          { label: "Dates", fromSm: true },
          { label: "Actions", hidden: true },
        ]}
        emptyText={filter.search || filter.status ? "No appeals match" : "No appeals yet"}
      >
        {appeals.map((appeal) => (
          <AppealRow key={appeal.id} appeal={appeal} />
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        rowsOnPage={appeals.length}
        label="Appeals"
        transient={["saved", "deleted", "new", "edit", "delete"]}
      />
    </div>
  );
}

function AppealFilters({ filter }: { filter: AppealFilter }) {
  return (
    <ListSearch
      id="appeal-search"
      label="Search by title, address or summary"
      search={filter.search}
      clearTo={SCREEN}
      filtered={Boolean(filter.search || filter.status)}
    >
      <div>
        <label htmlFor="appeal-status" className="field-label">
          Status
        </label>
        <select
          id="appeal-status"
          name="status"
          defaultValue={filter.status ?? ""}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="">All statuses</option>
          {APPEAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {APPEAL_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
    </ListSearch>
  );
}
