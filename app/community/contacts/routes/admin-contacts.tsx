import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/admin-contacts";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { useListLink } from "~/ui/list-query";
import { applyAtOnce, ListSearch } from "~/ui/list-search";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { StatCard } from "~/staff/dashboard/index.ui";
import { useFocusReturn } from "~/ui/use-focus-return";
import { useHydrated } from "~/ui/use-hydrated";
import { formatDate } from "~/shared/dates";
import { formatCount } from "~/shared/money";
import { truncate } from "~/shared/text";
import { requireRecordId, rowFromParam } from "~/lib/record-ids.server";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { refuseUnknownIntent } from "~/ui/form-replies.server";
import { backToList, backToListIfMissing } from "~/ui/list-return.server";
import {
  BULK_DELETE_LIMIT,
  countContacts,
  deleteContact,
  deleteContacts,
  findContactPage,
  getContact,
  readContactFilter,
  resolveContact,
  type ContactSubmission,
} from "../server/contacts.server";
import { parseRecordId } from "~/shared/record-id";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Contacts | Admin" }];

const SCREEN = "/admin/contacts";
const PAGE_SIZE = 25;
/** Query parameters that belong to one action or its notice, not to the list. */
const TRANSIENT = ["delete", "select", "resolved_id", "deleted", "missing"];

/** Ids from ?select= (the bulk form's ticked rows): record ids only, each once. */
function selectedIds(values: string[]): number[] {
  const ids = values.map(parseRecordId).filter((id) => id !== null);
  return [...new Set(ids)].slice(0, BULK_DELETE_LIMIT);
}

export async function loader({ url }: Route.LoaderArgs) {
  const { filter, problem } = readContactFilter(url.searchParams);
  const [found, counts, deleting] = await Promise.all([
    findContactPage(filter, pageFrom(url), PAGE_SIZE),
    countContacts(),
    rowFromParam(url.searchParams.get("delete"), getContact),
  ]);
  const deleted = Number(url.searchParams.get("deleted"));
  return {
    ...found,
    filter,
    filterProblem: problem ?? null,
    counts,
    deleting,
    bulkSelection: url.searchParams.has("select") ? selectedIds(url.searchParams.getAll("select")) : null,
    resolvedNotice: url.searchParams.has("resolved_id"),
    deletedCount: Number.isInteger(deleted) && deleted >= 0 && url.searchParams.has("deleted") ? deleted : null,
    missing: url.searchParams.has("missing"),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const intent = form.get("intent");
  try {
    if (intent === "resolve") {
      const id = requireRecordId(form.get("id"));
      await resolveContact(id);
      return backToList(url, SCREEN, { resolved_id: String(id) }, TRANSIENT);
    }
    if (intent === "delete") {
      await deleteContact(requireRecordId(form.get("id")));
      return backToList(url, SCREEN, { deleted: "1" }, TRANSIENT);
    }
    if (intent === "bulk-delete") {
      const deleted = await deleteContacts(selectedIds(String(form.get("ids") ?? "").split(",")));
      return backToList(url, SCREEN, { deleted: String(deleted) }, TRANSIENT);
    }
  } catch (error) {
    // Deleted meanwhile (another tab, another admin): say so on the list.
    return backToListIfMissing(error, url, SCREEN, TRANSIENT);
  }
  return refuseUnknownIntent(request, intent);
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { contacts, total, capped, page, filter, counts, deleting, bulkSelection, timeZone } = loaderData;
  const hydrated = useHydrated();
  const listLink = useListLink(TRANSIENT);
  // Ticked rows; only those on the page shown count (rows deleted or paged away drop out).
  const [ticked, setTicked] = useState<Set<number>>(() => new Set(bulkSelection ?? []));
  const pageIds = contacts.map((contact) => contact.id);
  const selected = new Set(pageIds.filter((id) => ticked.has(id)));
  const allOnPageSelected = pageIds.length > 0 && selected.size === pageIds.length;
  useFocusReturn(deleting ? String(deleting.id) : null, (id) => `[data-delete-for="${id}"]`);
  useFocusReturn(bulkSelection ? "selection" : null, () => "[data-bulk-delete]");
  const navigate = useNavigate();
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selected.size > 0 && !allOnPageSelected;
  });
  const filterQuery = new URLSearchParams({
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  });
  const changeSelection = (next: Set<number>) => {
    setTicked(next);
    // An open bulk confirmation names the rows ticked when it opened: a change closes it.
    if (bulkSelection) navigate(listLink(), { preventScrollReset: true });
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    changeSelection(next);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Contacts</h1>
        {/* A plain link, no `download`: when the password must be given again, the browser follows the answer to
            Confirm your password instead of saving that page as the file; otherwise the CSV downloads. */}
        <a href={`/admin/contacts/export${filterQuery.size ? `?${filterQuery}` : ""}`} className="btn-secondary">
          Export CSV
        </a>
      </div>

      {/* The Resolve button just pressed is gone: the notice takes the keyboard focus. */}
      {loaderData.resolvedNotice ? (
        <Notice tone="success" focus>
          Message marked as resolved.
        </Notice>
      ) : null}
      {loaderData.deletedCount !== null ? (
        <Notice tone="success" focus>
          {loaderData.deletedCount === 1
            ? "Contact submission deleted."
            : `${formatCount(loaderData.deletedCount)} contact submissions deleted.`}
        </Notice>
      ) : null}
      {loaderData.missing ? <Notice tone="error">That contact submission no longer exists.</Notice> : null}
      {loaderData.filterProblem ? (
        <Notice tone="error">{loaderData.filterProblem}: showing every message.</Notice>
      ) : null}

      {deleting ? (
        <ConfirmPanel
          question="Are you sure you want to delete this contact submission?"
          details={
            <p>
              The message from {deleting.name} ({deleting.email}) will be removed. This cannot be undone.
            </p>
          }
          confirmLabel="Yes, delete message"
          intent="delete"
          fields={{ id: String(deleting.id) }}
          cancelTo={listLink()}
        />
      ) : null}
      {bulkSelection ? (
        bulkSelection.length ? (
          <ConfirmPanel
            question={`Are you sure you want to delete ${bulkSelection.length === 1 ? "1 contact submission" : `${formatCount(bulkSelection.length)} contact submissions`}?`}
            details={<p>The selected messages will be removed. This cannot be undone.</p>}
            confirmLabel={`Yes, delete ${formatCount(bulkSelection.length)}`}
            intent="bulk-delete"
            fields={{ ids: bulkSelection.join(",") }}
            cancelTo={listLink()}
          />
        ) : (
          <Notice tone="error">Select at least one message to delete.</Notice>
        )
      ) : null}

      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard label="Total" value={formatCount(counts.total)} to="/admin/contacts" testId="contacts-total" />
        <StatCard
          label="Pending"
          value={formatCount(counts.pending)}
          to="/admin/contacts?status=pending"
          testId="contacts-pending"
        />
        <StatCard
          label="Resolved"
          value={formatCount(counts.resolved)}
          to="/admin/contacts?status=resolved"
          testId="contacts-resolved"
        />
      </dl>

      <ListSearch
        id="contact-search"
        label="Search name, email or message"
        search={filter.search}
        clearTo="/admin/contacts"
        filtered={Boolean(filter.search || filter.status)}
      >
        <div>
          <label htmlFor="contact-status" className="field-label">
            Status
          </label>
          <select
            id="contact-status"
            name="status"
            defaultValue={filter.status ?? "all"}
            onChange={applyAtOnce}
            className="field-input"
          >
            <option value="all">All</option>
            <option value="pending">Pending</option>
            <option value="resolved">Resolved</option>
          </select>
        </div>
      </ListSearch>

      {/* The bulk delete asks first: ticked rows travel to a confirmation (?select=...) that states the count. */}
      <Form id="contacts-bulk" method="get" preventScrollReset className="flex flex-wrap items-center gap-3">
        {filter.search ? <input type="hidden" name="search" value={filter.search} /> : null}
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
        {/* Without JavaScript the button cannot be disabled: an empty `select` makes nothing ticked ask for a
            selection. */}
        {hydrated ? null : <input type="hidden" name="select" value="" />}
        <button type="submit" data-bulk-delete className="btn-secondary" disabled={hydrated && selected.size === 0}>
          {hydrated ? `Delete selected (${selected.size})` : "Delete selected"}
        </button>
      </Form>

      <DataTable
        caption="Contact messages, newest first"
        columns={[
          {
            label: "Select",
            header:
              hydrated && contacts.length ? (
                <input
                  ref={selectAllRef}
                  type="checkbox"
                  aria-label="Select all messages on this page"
                  checked={allOnPageSelected}
                  onChange={(event) => changeSelection(event.target.checked ? new Set(pageIds) : new Set())}
                  className="h-4 w-4 accent-brand-700"
                />
              ) : (
                <span className="sr-only">Select</span>
              ),
          },
          { label: "ID" },
          { label: "Name" },
          { label: "Email" },
          { label: "Message" },
          { label: "Date" },
          { label: "Status" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="No contacts found"
      >
        {contacts.map((contact) => (
          <ContactRow
            key={contact.id}
            contact={contact}
            timeZone={timeZone}
            selected={selected.has(contact.id)}
            onSelect={(on) => toggle(contact.id, on)}
            deleteLink={listLink({ delete: String(contact.id) })}
          />
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        capped={capped}
        rowsOnPage={contacts.length}
        label="Contacts"
        transient={TRANSIENT}
      />
    </div>
  );
}

function ContactRow({
  contact,
  timeZone,
  selected,
  onSelect,
  deleteLink,
}: {
  contact: ContactSubmission;
  timeZone: string;
  selected: boolean;
  onSelect: (on: boolean) => void;
  deleteLink: string;
}) {
  const navigation = useNavigation();
  const resolving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "resolve" &&
    navigation.formData.get("id") === String(contact.id);
  return (
    <tr className={selected ? "bg-brand-50" : undefined}>
      <td className="px-3 py-3">
        <input
          type="checkbox"
          form="contacts-bulk"
          name="select"
          value={contact.id}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select message from ${contact.name}, ${formatDate(contact.submitted_at, timeZone)}`}
          className="h-4 w-4 accent-brand-700"
        />
      </td>
      <td className="px-3 py-3 text-slate-500">{contact.id}</td>
      {/* Long unbroken text (an address, a pasted link) wraps anywhere rather than push the actions off screen. */}
      <td className="max-w-40 px-3 py-3 font-medium [overflow-wrap:anywhere] text-slate-900">{contact.name}</td>
      <td className="max-w-56 px-3 py-3 [overflow-wrap:anywhere]">
        <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
          {contact.email}
        </a>
      </td>
      <td className="max-w-md min-w-64 px-3 py-3 [overflow-wrap:anywhere] text-slate-700">
        <MessageText message={contact.message} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDate(contact.submitted_at, timeZone)}</td>
      <td className="px-3 py-3">
        {contact.resolved ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Resolved</span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Pending</span>
        )}
      </td>
      <td className="px-3 py-3 text-right whitespace-nowrap">
        {!contact.resolved ? (
          <Form method="post" className="inline" preventScrollReset>
            <input type="hidden" name="id" value={contact.id} />
            <button
              type="submit"
              name="intent"
              value="resolve"
              disabled={resolving}
              className="font-semibold text-brand-700 hover:underline"
              aria-label={`Resolve message from ${contact.name}`}
            >
              Resolve
            </button>
          </Form>
        ) : null}
        <Link
          to={deleteLink}
          preventScrollReset
          data-delete-for={contact.id}
          className="ml-4 font-semibold text-red-700 hover:underline"
          aria-label={`Delete message from ${contact.name}`}
        >
          Delete
        </Link>
        <AuditHistory entity="contact" entityId={contact.id} of={`message from ${contact.name}`} />
      </td>
    </tr>
  );
}

const SHORT_MESSAGE = 280;

/** A message as staff read it: whole when short, else its opening with the rest a click away (no JavaScript needed). */
function MessageText({ message }: { message: string }) {
  if (message.length <= SHORT_MESSAGE) return <p className="whitespace-pre-line">{message}</p>;
  return (
    <details className="group">
      <summary className="cursor-pointer list-none">
        <span className="whitespace-pre-line group-open:hidden">{truncate(message, SHORT_MESSAGE)}</span>
        <span className="mt-1 block text-sm font-semibold text-brand-700 underline group-open:hidden">
          Read the whole message
        </span>
        <span className="hidden text-sm font-semibold text-brand-700 underline group-open:block">Show less</span>
      </summary>
      <p className="mt-1 whitespace-pre-line">{message}</p>
    </details>
  );
}
