import { useEffect, useRef } from "react";
import { Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/admin-subscriptions";
import { StatusBadge, TestBadge } from "~/ui/badges";
import { DataTable } from "~/ui/data-table";
import { RowMenu } from "~/ui/row-menu";
import { TruncatedText } from "~/ui/truncated-text";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { StatCard } from "~/staff/dashboard/index.ui";
import { useFocusReturn } from "~/ui/use-focus-return";
import { formatDate } from "~/shared/dates";
import { formatCount, formatDollars } from "~/shared/money";
import { scheduleText } from "../rules/recurring-schedule";
import { canPause, isCancelable, isChangeable, PAUSED_STATUS } from "../rules/subscription-status";
import { getEnv, isSandboxMode } from "~/lib/env.server";
import { PastDueNote, PaymentTroublesPanel } from "../components/payment-troubles";
import { readFormBody } from "~/lib/form-body.server";
import { failureNotice, refuseUnknownIntent } from "~/ui/form-replies.server";
import { useEscapeKey } from "~/ui/use-escape-key";
import { SubscriptionChangeLinks, SubscriptionChangePanel } from "../components/subscription-changes";
import { resumingChargeDate } from "../components/recurring-change-forms";
import { parseRecordId } from "~/shared/record-id";
import { adminContext } from "~/lib/request-context";
import { answerRecurringChange, isRecurringChangeIntent } from "./recurring-change-form.server";
import {
  cancelSubscription,
  findSubscriptionById,
  findSubscription,
  findSubscriptionPage,
  getSubscriptionSummary,
  refreshSubscriptionStatuses,
  type Subscription,
  type SubscriptionSummary,
} from "../server/subscriptions.server";
import { isTroubleSimulation, simulatePaymentTrouble } from "../server/sandbox-troubles.server";
import { paymentTroubles } from "../server/payment-trouble-report.server";
import { changeRecurringAmount, pauseRecurringGift, resumeRecurringGift } from "../server/recurring-changes.server";
import { subscriptionHistory } from "../server/subscription-history.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Subscriptions | Admin" }];

const PAGE_SIZE = 25;

/** The gift named by ?change=, ?pause= or ?history=, or null. */
async function giftNamedBy(url: URL, param: string): Promise<Subscription | null> {
  const id = parseRecordId(url.searchParams.get(param));
  return id === null ? null : findSubscriptionById(id);
}

/** The forms and history the address opens, and word of a change just made (?done=change&gift=7). */
async function changeState(url: URL, timeZone: string) {
  const [changing, pausing, historyOf, changed] = await Promise.all(
    ["change", "pause", "history", "gift"].map((param) => giftNamedBy(url, param)),
  );
  const may = (gift: Subscription | null | undefined, rule: (gift: Subscription) => boolean): Subscription | null =>
    gift && rule(gift) ? gift : null;
  const done = url.searchParams.get("done");
  const doneNotice = !changed
    ? null
    : done === "change"
      ? `${changed.name}'s gift is now ${formatDollars(changed.amount)} from its next charge; the donor is told by mail.`
      : done === "pause"
        ? `${changed.name}'s gift is paused${changed.resumes_at ? ` and resumes with the charge on ${resumingChargeDate(changed, timeZone)}` : ""}; the donor is told by mail.`
        : done === "resume"
          ? `${changed.name}'s gift has resumed from its next charge; the donor is told by mail.`
          : null;
  return {
    changing: may(changing, isChangeable),
    pausing: may(pausing, canPause),
    historyOf: historyOf ?? null,
    history: historyOf ? await subscriptionHistory(historyOf.id) : [],
    doneNotice,
  };
}

export async function loader({ url }: Route.LoaderArgs) {
  const timeZone = getEnv().SITE_TIMEZONE;
  const [found, summary, changes] = await Promise.all([
    findSubscriptionPage(pageFrom(url), PAGE_SIZE),
    getSubscriptionSummary(),
    changeState(url, timeZone),
  ]);
  const canceledId = url.searchParams.get("canceled");
  const canceled = canceledId ? await findSubscription(canceledId) : null;
  return {
    subscriptions: found.rows,
    total: found.total,
    summary,
    page: found.page,
    timeZone,
    confirming: url.searchParams.get("cancel"),
    canceledNotice:
      canceled?.status === "canceled"
        ? `Subscription of ${canceled.name} canceled. No further payments will be taken.`
        : null,
    ...changes,
    troubles: await paymentTroubles(),
    sandbox: isSandboxMode(),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
  const staff = { kind: "staff", name: context.get(adminContext)?.username ?? "" } as const;
  if (isRecurringChangeIntent(intent)) {
    const page = url.searchParams.get("page");
    return answerRecurringChange(
      intent,
      Object.fromEntries(formData) as Record<string, string>,
      (change, id, input) =>
        change === "change"
          ? changeRecurringAmount(id, input, staff)
          : change === "pause"
            ? pauseRecurringGift(id, input, staff)
            : resumeRecurringGift(id, staff),
      {
        doneTo: (change, id) =>
          `/admin/subscriptions?${new URLSearchParams({ ...(page ? { page } : {}), done: change, gift: String(id) })}`,
      },
    );
  }
  if (isTroubleSimulation(intent)) {
    try {
      return { ok: true, message: await simulatePaymentTrouble(intent, formData.get("subscription_id")) };
    } catch (error) {
      return failureNotice(error, { what: "A sandbox simulation failed", failed: "The simulation failed" });
    }
  }
  if (intent === "refresh") {
    try {
      const updated = await refreshSubscriptionStatuses();
      return { ok: true, message: `Updated ${updated} subscription statuses` };
    } catch (error) {
      return failureNotice(error, { what: "Status update failed", failed: "Failed to update subscription status" });
    }
  }
  if (intent === "cancel") {
    try {
      const canceled = await cancelSubscription({ subscription_id: formData.get("subscription_id") }, staff);
      // Back to the list (the page kept), so a reload does not reopen the confirmation.
      const page = url.searchParams.get("page");
      return redirect(
        `/admin/subscriptions?${new URLSearchParams({ ...(page ? { page } : {}), canceled: canceled.stripe_subscription_id ?? "" })}`,
      );
    } catch (error) {
      return failureNotice(error, { what: "Cancel failed", failed: "Failed to cancel subscription" });
    }
  }
  return refuseUnknownIntent(request, intent);
}

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions, total, summary, page, timeZone } = loaderData;
  const navigation = useNavigation();
  const refreshing = navigation.state === "submitting" && navigation.formData?.get("intent") === "refresh";
  const notice = actionData && "ok" in actionData ? actionData : null;
  const refusal = actionData && "intent" in actionData ? actionData : undefined;
  const confirming = notice
    ? null
    : subscriptions.find((s) => s.stripe_subscription_id === loaderData.confirming && isCancelable(s.status));
  useFocusReturn(confirming?.stripe_subscription_id ?? null, (id) => `[data-cancel-for="${id}"]`);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Subscriptions</h1>
        <Form method="post">
          <button type="submit" name="intent" value="refresh" className="btn-primary" disabled={refreshing}>
            {refreshing ? "Updating..." : "Update Status"}
          </button>
        </Form>
      </div>

      {notice ? <Notice tone={notice.ok ? "success" : "error"}>{notice.message}</Notice> : null}
      {refusal && !refusal.field ? <Notice tone="error">{refusal.error}</Notice> : null}
      {loaderData.doneNotice ? (
        <Notice tone="success" focus>
          {loaderData.doneNotice}
        </Notice>
      ) : null}
      {loaderData.canceledNotice ? (
        <Notice tone="success" focus>
          {loaderData.canceledNotice}
        </Notice>
      ) : null}

      <SummaryCards summary={summary} />
      <PaymentTroublesPanel
        report={loaderData.troubles}
        sandbox={loaderData.sandbox}
        gifts={subscriptions}
        timeZone={timeZone}
      />

      {confirming ? <CancelConfirmation subscription={confirming} /> : null}
      <SubscriptionChangePanel
        changing={loaderData.changing}
        pausing={loaderData.pausing}
        historyOf={loaderData.historyOf}
        history={loaderData.history}
        timeZone={timeZone}
        answer={refusal}
      />

      <DataTable
        caption="Recurring gifts, newest first"
        columns={[
          { label: "Name and email" },
          { label: "Amount", align: "right" },
          { label: "Purpose" },
          { label: "Interval and schedule" },
          { label: "Status" },
          { label: "Next payment" },
          { label: "Created" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="No subscriptions"
      >
        {subscriptions.map((subscription) => (
          <tr key={subscription.id}>
            <td className="px-3 py-3">
              <TruncatedText text={subscription.name} className="max-w-40 font-medium text-slate-900" />
              <TruncatedText text={subscription.email} className="max-w-40 text-xs text-slate-600" />
            </td>
            <td className="px-3 py-3 text-right font-medium tabular-nums">
              {formatDollars(subscription.amount)}
              {subscription.fee_cover > 0 ? (
                <span className="block text-xs font-normal whitespace-nowrap text-slate-600">
                  + {formatDollars(subscription.fee_cover)} fee covered
                </span>
              ) : null}
            </td>
            <td className="px-3 py-3">
              <TruncatedText text={subscription.purpose} className="max-w-40" />
              {subscription.appeal ? (
                <TruncatedText text={`Appeal: ${subscription.appeal}`} className="max-w-40 text-xs text-slate-600" />
              ) : null}
            </td>
            <td className="px-3 py-3">
              {subscription.interval === "year" ? "Yearly" : "Monthly"},{" "}
              {scheduleText(subscription.interval, subscription.payment_day, subscription.payment_month)}
            </td>
            {/* The badges and the notes under them wrap, so a past-due or paused row stays a laptop's width. */}
            <td className="px-3 py-3">
              <span className="flex flex-wrap gap-1">
                <StatusBadge status={subscription.status} />
                {subscription.is_test ? <TestBadge className="" /> : null}
              </span>
              {subscription.status === "past_due" ? (
                <PastDueNote nextRetryAt={subscription.next_retry_at} timeZone={timeZone} />
              ) : null}
            </td>
            <td className="px-3 py-3">
              <NextPayment subscription={subscription} timeZone={timeZone} />
            </td>
            <td className="px-3 py-3 whitespace-nowrap">{formatDate(subscription.created_at, timeZone)}</td>
            {/* Up to four actions: in a menu, so the row's facts keep the width of a laptop. */}
            <td className="px-3 py-3 text-right align-top">
              <RowMenu subject={`${subscription.name}'s gift`}>
                <SubscriptionChangeLinks gift={subscription} />
                {isCancelable(subscription.status) && subscription.stripe_subscription_id ? (
                  <Link
                    to={`?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), cancel: subscription.stripe_subscription_id })}`}
                    preventScrollReset
                    data-cancel-for={subscription.stripe_subscription_id}
                    className="font-semibold text-red-700 hover:underline"
                    aria-label={`Cancel subscription of ${subscription.name}`}
                  >
                    Cancel
                  </Link>
                ) : null}
                <AuditHistory
                  entity="subscription"
                  entityId={subscription.id}
                  of={`${subscription.name}'s gift`}
                  label="Audit trail"
                />
              </RowMenu>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        rowsOnPage={subscriptions.length}
        label="Subscriptions"
        transient={["cancel", "canceled", "change", "pause", "history", "done", "gift"]}
      />
    </div>
  );
}

/**
 * The next charge really taken: for a paused gift, the charge it resumes with (the service's next_payment_date already
 * is).
 */
function NextPayment({ subscription, timeZone }: { subscription: Subscription; timeZone: string }) {
  if (subscription.status !== PAUSED_STATUS)
    return <span className="whitespace-nowrap">{formatDate(subscription.next_payment_date, timeZone)}</span>;
  return (
    <>
      <span className="block whitespace-nowrap">{resumingChargeDate(subscription, timeZone)}</span>
      <span className="block text-xs text-slate-600">resumes after the pause</span>
    </>
  );
}

function SummaryCards({ summary }: { summary: SubscriptionSummary }) {
  const others = Object.entries(summary.byStatus).filter(
    ([status]) => !["active", PAUSED_STATUS, "past_due", "canceled"].includes(status),
  );
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      <StatCard label="Active" value={formatCount(summary.active)} testId="subscriptions-active" />
      <StatCard
        label="Paused"
        value={formatCount(summary.paused)}
        hint="Charges skipped for a while; each resumes by itself"
        testId="subscriptions-paused"
      />
      <StatCard
        label="Monthly Revenue"
        value={formatDollars(Math.round(summary.monthlyRevenue))}
        hint={`Active monthly gifts, plus a twelfth of active yearly ones${summary.paused ? `; ${formatCount(summary.paused)} paused left out` : ""}`}
        testId="subscriptions-monthly-revenue"
      />
      <StatCard label="Past Due" value={formatCount(summary.byStatus.past_due ?? 0)} testId="subscriptions-past-due" />
      <StatCard label="Canceled" value={formatCount(summary.byStatus.canceled ?? 0)} testId="subscriptions-canceled" />
      {others.map(([status, count]) => (
        <StatCard key={status} label={status} value={formatCount(count)} />
      ))}
    </dl>
  );
}

function CancelConfirmation({ subscription }: { subscription: Subscription }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const canceling = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const keep = new URLSearchParams(search);
  keep.delete("cancel");
  const keepTo = `/admin/subscriptions${keep.size ? `?${keep}` : ""}`;
  const panelRef = useEscapeKey<HTMLElement>(() => {
    if (!canceling) navigate(keepTo, { preventScrollReset: true });
  });
  return (
    <section
      ref={panelRef}
      aria-labelledby="cancel-title"
      aria-describedby="cancel-details"
      className="rounded-xl border-2 border-red-600 bg-white p-6 shadow-sm"
    >
      <h2 id="cancel-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Are you sure you want to cancel this subscription?
      </h2>
      <p id="cancel-details" className="mt-2 text-slate-700">
        {subscription.name}'s {formatDollars(subscription.amount)}{" "}
        {subscription.interval === "year" ? "yearly" : "monthly"} gift for {subscription.purpose} stops at once, at the
        card payment provider too. It cannot be restarted; the donor would give again.
      </p>
      <Form method="post" className="mt-4 flex gap-3" preventScrollReset>
        <input type="hidden" name="subscription_id" value={subscription.stripe_subscription_id ?? ""} />
        <button
          type="submit"
          name="intent"
          value="cancel"
          className="btn bg-red-700 text-white hover:bg-red-800"
          disabled={canceling}
        >
          {canceling ? "Canceling..." : "Yes, cancel subscription"}
        </button>
        <Link to={keepTo} preventScrollReset className="btn-secondary">
          Keep it
        </Link>
      </Form>
    </section>
  );
}
