import { Link } from "react-router";
import type { Route } from "./+types/admin-outbox";
import { DataTable } from "~/ui/data-table";
import { useListLink } from "~/ui/list-query";
import { applyAtOnce, ListSearch } from "~/ui/list-search";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { StatCard } from "~/staff/dashboard/index.ui";
import { formatDateTime } from "~/shared/dates";
import { formatCount } from "~/shared/money";
import { rowFromParam } from "~/lib/record-ids.server";
import { getEnv } from "~/lib/env.server";
import {
  countOutbox,
  findOutboxPage,
  getOutboxMessage,
  isMailStatus,
  type OutboxMessage,
} from "~/mail/queue/index.server";
import type { MailStatus } from "../../../../db/schema";

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Admin" }];

const PAGE_SIZE = 25;

const STATUS_LABELS: Record<MailStatus, string> = {
  pending: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  kept: "Kept here (not sent)",
};

/** Every mail the site has written: what went out, what waits, what failed, and (without SMTP_URL) what was kept. */
export async function loader({ url }: Route.LoaderArgs) {
  const requested = url.searchParams.get("status") ?? "";
  const status = isMailStatus(requested) ? requested : undefined;
  const to = url.searchParams.get("search")?.trim() || undefined;
  const [found, counts, viewing] = await Promise.all([
    findOutboxPage({ status, to }, pageFrom(url), PAGE_SIZE),
    countOutbox(),
    rowFromParam(url.searchParams.get("view"), getOutboxMessage),
  ]);
  return {
    ...found,
    status: status ?? null,
    to: to ?? "",
    counts,
    viewing,
    delivering: Boolean(getEnv().SMTP_URL),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages, total, page, status, to, counts, viewing, delivering, timeZone } = loaderData;
  const listLink = useListLink(["view"]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Outbox</h1>
      {delivering ? (
        <p className="max-w-3xl text-sm text-slate-600">
          Mail is sent through the SMTP server set in SMTP_URL. A failed delivery is tried again, the first time within
          30 seconds and then less often, for about a day.
        </p>
      ) : (
        <Notice tone="success">
          No SMTP server is set (SMTP_URL), so no mail leaves this machine: every message the site writes is kept here,
          exactly as it would be sent. Set SMTP_URL and MAIL_FROM to send mail.
        </Notice>
      )}
      {!delivering && counts.pending + counts.sending > 0 ? (
        <Notice tone="error">
          {formatCount(counts.pending + counts.sending)}{" "}
          {counts.pending + counts.sending === 1 ? "message was" : "messages were"} waiting to be sent when SMTP_URL was
          removed: {counts.pending + counts.sending === 1 ? "it goes" : "they go"} once it is set again.
        </Notice>
      ) : null}

      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
        {(Object.keys(STATUS_LABELS) as MailStatus[]).map((key) => (
          <StatCard
            key={key}
            label={STATUS_LABELS[key]}
            value={formatCount(counts[key])}
            to={`/admin/outbox?status=${key}`}
            testId={`outbox-${key}`}
          />
        ))}
      </dl>
      <ListSearch
        id="outbox-recipient"
        label="Recipient's full address"
        search={to}
        clearTo="/admin/outbox"
        filtered={Boolean(to || status)}
      >
        <div>
          <label htmlFor="outbox-status" className="field-label">
            Status
          </label>
          <select
            id="outbox-status"
            name="status"
            defaultValue={status ?? ""}
            onChange={applyAtOnce}
            className="field-input"
          >
            <option value="">Every status</option>
            {(Object.keys(STATUS_LABELS) as MailStatus[]).map((key) => (
              <option key={key} value={key}>
                {STATUS_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>

      {viewing ? <MessageView message={viewing} closeTo={listLink()} timeZone={timeZone} /> : null}

      <DataTable
        caption="Mail, newest first"
        columns={[
          { label: "Written" },
          { label: "To" },
          { label: "Subject" },
          { label: "Status" },
          { label: "Actions", hidden: true },
        ]}
        emptyText={to || status ? "No mail matches this search" : "No mail yet"}
      >
        {messages.map((message) => (
          <tr key={message.id} className={viewing?.id === message.id ? "bg-brand-50" : undefined}>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">
              {formatDateTime(message.created_at, timeZone)}
            </td>
            <td className="max-w-64 min-w-48 px-3 py-3 [overflow-wrap:anywhere]">{message.to}</td>
            <td className="px-3 py-3 font-medium text-slate-900">{message.subject}</td>
            <td className="px-3 py-3 whitespace-nowrap">
              <StatusBadge status={message.status} />
              {message.attempts > 0 && message.status !== "sent" ? (
                <span className="ml-2 text-xs text-slate-500">{message.attempts} tries</span>
              ) : null}
            </td>
            <td className="px-3 py-3 text-right">
              <Link
                to={listLink({ view: String(message.id) })}
                preventScrollReset
                className="font-semibold text-brand-700 hover:underline"
                aria-label={`Read ${message.subject}`}
              >
                Read
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        rowsOnPage={messages.length}
        label="Outbox"
        transient={["view"]}
      />
    </div>
  );
}

function StatusBadge({ status }: { status: MailStatus }) {
  const tone =
    status === "sent"
      ? "bg-brand-100 text-brand-800"
      : status === "failed"
        ? "bg-red-100 text-red-800"
        : status === "kept"
          ? "bg-slate-200 text-slate-800"
          : "bg-amber-100 text-amber-900";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{STATUS_LABELS[status]}</span>;
}

/**
 * One message as its reader would see it: the HTML in a sandboxed frame (no scripts, no links out), and the plain text.
 */
function MessageView({ message, closeTo, timeZone }: { message: OutboxMessage; closeTo: string; timeZone: string }) {
  return (
    <section
      aria-labelledby="message-subject"
      className="space-y-4 rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        {/* min-w-0: as a flex item it would otherwise be as wide as the longest address or word it holds. */}
        <div className="min-w-0">
          <h2 id="message-subject" className="text-lg font-semibold text-slate-900">
            {message.subject}
          </h2>
          <p className="text-sm text-slate-600">
            To {message.to} · written {formatDateTime(message.created_at, timeZone)} ·{" "}
            <StatusBadge status={message.status} />
            {message.sent_at ? ` · sent ${formatDateTime(message.sent_at, timeZone)}` : ""}
          </p>
          {message.last_error ? <p className="mt-1 text-sm text-red-800">Last error: {message.last_error}</p> : null}
        </div>
        <Link to={closeTo} preventScrollReset className="btn-secondary">
          Close
        </Link>
      </div>
      {message.links.length ? (
        <div className="text-sm">
          <h3 className="font-semibold text-slate-900">Links in this message</h3>
          <ul className="mt-1 space-y-1">
            {message.links.map((link) => (
              <li key={link}>
                <a href={link} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <iframe
        title={`The message: ${message.subject}`}
        srcDoc={message.html}
        sandbox=""
        className="h-[32rem] w-full rounded-lg border border-slate-200 bg-slate-100"
      />
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">Plain-text version</summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-50 p-4 text-sm whitespace-pre-wrap">
          {message.text}
        </pre>
      </details>
    </section>
  );
}
