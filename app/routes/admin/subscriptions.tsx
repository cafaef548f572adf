import { useEffect, useRef } from "react";
import { Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/subscriptions";
import { StatusBadge, TestBadge } from "~/components/admin/badges";
import { DataTable } from "~/components/admin/data-table";
import { Notice } from "~/components/admin/notice";
import { Pagination, pageFrom } from "~/components/admin/pagination";
import { StatCard } from "~/components/admin/stat-card";
import { useFocusReturn } from "~/components/admin/use-focus-return";
import { formatDate } from "~/domain/shared/dates";
import { formatCount, formatDollars } from "~/domain/shared/money";
import { scheduleText } from "~/domain/giving/recurring-schedule";
import { isCancelable } from "~/domain/giving/subscription-status";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { failureNotice, refuseUnknownIntent } from "~/lib/form-replies.server";
import { useEscapeKey } from "~/components/ui/use-escape-key";
import {
  cancelSubscription,
  findSubscription,
  findSubscriptionPage,
  getSubscriptionSummary,
  refreshSubscriptionStatuses,
  type Subscription,
  type SubscriptionSummary,
} from "~/services/giving";

export const meta: Route.MetaFunction = () => [{ title: "Subscriptions | Admin" }];

const PAGE_SIZE = 25;

export async function loader({ url }: Route.LoaderArgs) {
  const timeZone = getEnv().SITE_TIMEZONE;
  try {
    const [found, summary] = await Promise.all([findSubscriptionPage(pageFrom(url), PAGE_SIZE), getSubscriptionSummary()]);
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
        canceled?.status === "canceled" ? `Subscription of ${canceled.name} canceled. No further payments will be taken.` : null,
      error: null,
    };
  } catch (error) {
    console.error("Subscriptions failed to load:", error);
    return {
      subscriptions: [] as Subscription[],
      total: 0,
      summary: null,
      page: pageFrom(url),
      timeZone,
      confirming: null,
      canceledNotice: null,
      error: "Failed to fetch subscriptions",
    };
  }
}

export async function action({ request, url }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
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
      const canceled = await cancelSubscription({ subscription_id: formData.get("subscription_id") });
      // Back to the list (the page kept), so a reload does not reopen the confirmation.
      const page = url.searchParams.get("page");
      return redirect(`/admin/subscriptions?${new URLSearchParams({ ...(page ? { page } : {}), canceled: canceled.stripe_subscription_id ?? "" })}`);
    } catch (error) {
      return failureNotice(error, { what: "Cancel failed", failed: "Failed to cancel subscription" });
    }
  }
  return refuseUnknownIntent(request, intent);
}

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions, total, summary, page, timeZone, error } = loaderData;
  const navigation = useNavigation();
  const refreshing = navigation.state === "submitting" && navigation.formData?.get("intent") === "refresh";
  const confirming = actionData ? null : subscriptions.find((s) => s.stripe_subscription_id === loaderData.confirming && isCancelable(s.status));
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

      {error ? <Notice tone="error">{error}</Notice> : null}
      {actionData ? <Notice tone={actionData.ok ? "success" : "error"}>{actionData.message}</Notice> : null}
      {loaderData.canceledNotice ? (
        <Notice tone="success" focus>
          {loaderData.canceledNotice}
        </Notice>
      ) : null}

      {summary ? <SummaryCards summary={summary} /> : null}

      {confirming ? <CancelConfirmation subscription={confirming} /> : null}

      <DataTable
        caption="Recurring gifts, newest first"
        columns={[
          { label: "Name" },
          { label: "Email" },
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
            <td className="px-3 py-3 font-medium text-slate-900">{subscription.name}</td>
            <td className="px-3 py-3 text-slate-700">{subscription.email}</td>
            <td className="px-3 py-3 text-right font-medium tabular-nums">
              {formatDollars(subscription.amount)}
              {subscription.fee_cover > 0 ? (
                <span className="block text-xs font-normal whitespace-nowrap text-slate-600">+ {formatDollars(subscription.fee_cover)} fee covered</span>
              ) : null}
            </td>
            <td className="px-3 py-3">
              {subscription.purpose}
              {subscription.appeal ? <span className="block text-xs text-slate-600">Appeal: {subscription.appeal}</span> : null}
            </td>
            <td className="px-3 py-3">
              {subscription.interval === "year" ? "Yearly" : "Monthly"},{" "}
              {scheduleText(subscription.interval, subscription.payment_day, subscription.payment_month)}
            </td>
            <td className="px-3 py-3 whitespace-nowrap">
              <StatusBadge status={subscription.status} />
              {subscription.is_test ? <TestBadge /> : null}
            </td>
            <td className="px-3 py-3 whitespace-nowrap">{formatDate(subscription.next_payment_date, timeZone)}</td>
            <td className="px-3 py-3 whitespace-nowrap">{formatDate(subscription.created_at, timeZone)}</td>
            <td className="px-3 py-3 text-right">
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
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} rowsOnPage={subscriptions.length} label="Subscriptions" transient={["cancel", "canceled"]} />
    </div>
  );
}

function SummaryCards({ summary }: { summary: SubscriptionSummary }) {
  const others = Object.entries(summary.byStatus).filter(([status]) => !["active", "past_due", "canceled"].includes(status));
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Active" value={formatCount(summary.active)} testId="subscriptions-active" />
      <StatCard
        label="Monthly Revenue"
        value={formatDollars(Math.round(summary.monthlyRevenue))}
        hint="Active monthly gifts, plus a twelfth of active yearly ones"
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
        {subscription.name}'s {formatDollars(subscription.amount)} {subscription.interval === "year" ? "yearly" : "monthly"} gift for{" "}
        {subscription.purpose} stops at once, at the card payment provider too. It cannot be restarted; the donor would give again.
      </p>
      <Form method="post" className="mt-4 flex gap-3" preventScrollReset>
        <input type="hidden" name="subscription_id" value={subscription.stripe_subscription_id ?? ""} />
        <button type="submit" name="intent" value="cancel" className="btn bg-red-700 text-white hover:bg-red-800" disabled={canceling}>
          {canceling ? "Canceling..." : "Yes, cancel subscription"}
        </button>
        <Link to={keepTo} preventScrollReset className="btn-secondary">
          Keep it
        </Link>
      </Form>
    </section>
  );
}
