import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-newsletter";
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
import { NEWSLETTER_STATUSES } from "../rules/newsletter";
import { requireRecordId, rowFromParam } from "~/lib/record-ids.server";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { formRefusalOrThrow, refuseUnknownIntent } from "~/ui/form-replies.server";
import { backToList, backToListIfMissing } from "~/ui/list-return.server";
import {
  countSubscribersByStatus,
  findSubscriberPage,
  getSubscriber,
  readSubscriberFilter,
  removeSubscriber,
  sendNewsletter,
} from "../server/newsletter.server";
import type { NewsletterStatus } from "../../../../db/schema";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Admin" }];

const SCREEN = "/admin/newsletter";
const PAGE_SIZE = 50;
const TRANSIENT = ["remove", "removed", "missing", "sent"];

const STATUS_LABELS: Record<NewsletterStatus, string> = {
  pending: "Waiting for confirmation",
  confirmed: "Subscribed",
  unsubscribed: "Unsubscribed",
};

/** The addresses from the footer's newsletter form, so staff can use what they collect. */
export async function loader({ url }: Route.LoaderArgs) {
  const filter = readSubscriberFilter(url.searchParams);
  const [found, counts, removing] = await Promise.all([
    findSubscriberPage(filter, pageFrom(url), PAGE_SIZE),
    countSubscribersByStatus(),
    rowFromParam(url.searchParams.get("remove"), getSubscriber),
  ]);
  const sent = Number(url.searchParams.get("sent"));
  return {
    ...found,
    matching: found.total,
    matchingCapped: found.capped,
    total: counts.pending + counts.confirmed + counts.unsubscribed,
    counts,
    filter,
    removing,
    removed: url.searchParams.has("removed"),
    missing: url.searchParams.has("missing"),
    sentTo: url.searchParams.has("sent") && Number.isInteger(sent) ? sent : null,
    issueId: crypto.randomUUID(),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

type ComposeAnswer = { errors: Record<string, string[]>; values: { subject: string; message: string } };

export async function action({ request, url }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const intent = form.get("intent");
  if (intent === "send") {
    const values = { subject: String(form.get("subject") ?? ""), message: String(form.get("message") ?? "") };
    try {
      const readers = await sendNewsletter({ ...values, issue_id: form.get("issue_id") });
      return backToList(url, SCREEN, { sent: String(readers) }, TRANSIENT);
    } catch (error) {
      const { status, fieldErrors, formErrors, headers } = formRefusalOrThrow(error);
      return data<ComposeAnswer>({ errors: fieldErrors ?? { "": formErrors ?? [] }, values }, { status, headers });
    }
  }
  if (intent !== "remove") refuseUnknownIntent(request, intent);
  try {
    await removeSubscriber(requireRecordId(form.get("id")));
    return backToList(url, SCREEN, { removed: "1" }, TRANSIENT);
  } catch (error) {
    return backToListIfMissing(error, url, SCREEN, TRANSIENT);
  }
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { subscribers, matching, total, counts, page, filter, removing, timeZone } = loaderData;
  const listLink = useListLink(TRANSIENT);
  useFocusReturn(removing ? String(removing.id) : null, (id) => `[data-delete-for="${id}"]`);
  const exportQuery = new URLSearchParams({
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  });
  const compose = actionData && "values" in actionData ? actionData : undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Newsletter</h1>
        {/* A plain link, no `download`: when the password must be given again, the browser follows the answer to
            Confirm your password instead of saving that page as the file; otherwise the CSV downloads. */}
        <a href={`/admin/newsletter/export${exportQuery.size ? `?${exportQuery}` : ""}`} className="btn-secondary">
          Export CSV
        </a>
      </div>
      <p className="max-w-3xl text-sm text-slate-600">
        Addresses given in the newsletter form at the foot of every page. An address counts as subscribed once its owner
        has confirmed it from the email we send; every newsletter carries a one-click way to leave.
      </p>

      {loaderData.sentTo !== null ? (
        <Notice tone="success" focus>
          Newsletter queued for {formatCount(loaderData.sentTo)}{" "}
          {loaderData.sentTo === 1 ? "subscriber" : "subscribers"}: see the Outbox.
        </Notice>
      ) : null}
      {loaderData.removed ? (
        <Notice tone="success" focus>
          Address removed from the list.
        </Notice>
      ) : null}
      {loaderData.missing ? <Notice tone="error">That address is no longer on the list.</Notice> : null}

      {removing ? (
        <ConfirmPanel
          question="Are you sure you want to remove this address from the newsletter?"
          details={<p>{removing.email} will receive no more newsletters. This cannot be undone.</p>}
          confirmLabel="Yes, remove address"
          intent="remove"
          fields={{ id: String(removing.id) }}
          cancelTo={listLink()}
        />
      ) : null}

      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-4">
        <StatCard label="All addresses" value={formatCount(total)} to="/admin/newsletter" testId="newsletter-total" />
        {NEWSLETTER_STATUSES.map((status) => (
          <StatCard
            key={status}
            label={STATUS_LABELS[status]}
            value={formatCount(counts[status])}
            to={`/admin/newsletter?status=${status}`}
            testId={`newsletter-${status}`}
          />
        ))}
      </dl>

      <ComposeNewsletter readers={counts.confirmed} answer={compose} issueId={loaderData.issueId} />

      <ListSearch
        id="subscriber-search"
        label="Search addresses"
        search={filter.search}
        clearTo="/admin/newsletter"
        filtered={Boolean(filter.search || filter.status)}
      >
        <div>
          <label htmlFor="subscriber-status" className="field-label">
            Status
          </label>
          <select
            id="subscriber-status"
            name="status"
            defaultValue={filter.status ?? ""}
            onChange={applyAtOnce}
            className="field-input"
          >
            <option value="">Every status</option>
            {NEWSLETTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>

      <DataTable
        caption="Newsletter subscribers, newest first"
        columns={[{ label: "Email" }, { label: "Status" }, { label: "Subscribed" }, { label: "Actions", hidden: true }]}
        emptyText={total === 0 ? "No subscribers yet" : "No matching addresses"}
      >
        {subscribers.map((subscriber) => (
          <tr key={subscriber.id}>
            <td className="px-3 py-3 font-medium [overflow-wrap:anywhere] text-slate-900">{subscriber.email}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{STATUS_LABELS[subscriber.status]}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">
              {formatDate(subscriber.subscribed_at, timeZone)}
            </td>
            <td className="px-3 py-3 text-right whitespace-nowrap">
              <Link
                to={listLink({ remove: String(subscriber.id) })}
                preventScrollReset
                data-delete-for={subscriber.id}
                className="font-semibold text-red-700 hover:underline"
                aria-label={`Remove ${subscriber.email}`}
              >
                Remove
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={matching}
        capped={loaderData.matchingCapped}
        rowsOnPage={subscribers.length}
        label="Subscribers"
        transient={TRANSIENT}
      />
    </div>
  );
}

/** A plain newsletter, to every confirmed subscriber, through the Outbox's durable queue. */
function ComposeNewsletter({
  readers,
  answer,
  issueId,
}: {
  readers: number;
  issueId: string;
  answer?: { errors: Record<string, string[]>; values: { subject: string; message: string } };
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const error = (name: "subject" | "message") =>
    answer?.errors[name]?.[0] ? (
      <p id={`newsletter-${name}-error`} className="field-error">
        {answer.errors[name][0]}
      </p>
    ) : null;
  const invalid = (name: "subject" | "message") =>
    answer?.errors[name] ? { "aria-invalid": true, "aria-describedby": `newsletter-${name}-error` } : {};
  return (
    <details open={Boolean(answer)} className="rounded-xl bg-white p-4 shadow-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">Write a newsletter</summary>
      <Form method="post" preventScrollReset className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="issue_id" value={issueId} />
        <div>
          <label htmlFor="newsletter-subject" className="field-label">
            Subject
          </label>
          <input
            id="newsletter-subject"
            name="subject"
            required
            maxLength={200}
            defaultValue={answer?.values.subject}
            className="field-input"
            {...invalid("subject")}
          />
          {error("subject")}
        </div>
        <div>
          <label htmlFor="newsletter-message" className="field-label">
            Message
          </label>
          <textarea
            id="newsletter-message"
            name="message"
            required
            rows={8}
            defaultValue={answer?.values.message}
            className="field-input"
            {...invalid("message")}
          />
          <p className="mt-1 text-sm text-slate-600">
            Plain text; a blank line starts a new paragraph. The link to leave is added to every mail.
          </p>
          {error("message")}
        </div>
        <button type="submit" className="btn-primary" disabled={sending || readers === 0}>
          {sending
            ? "Sending..."
            : `Send to ${formatCount(readers)} confirmed ${readers === 1 ? "subscriber" : "subscribers"}`}
        </button>
      </Form>
    </details>
  );
}
