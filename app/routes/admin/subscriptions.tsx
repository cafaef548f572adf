import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/subscriptions";
import { DataTable } from "~/components/admin/data-table";
import { Notice } from "~/components/admin/notice";
import { Pagination, pageFrom } from "~/components/admin/pagination";
import { StatCard } from "~/components/admin/stat-card";
import { formatDate } from "~/domain/dates";
import { formatCount, formatDollars } from "~/domain/money";
import { scheduleText } from "~/domain/recurring-schedule";
import { isCancelable } from "~/domain/subscription-status";
import { getEnv } from "~/lib/env.server";
import { ConflictError, NotFoundError, PaymentProviderError } from "~/lib/service-errors";
import {
  cancelSubscription,
  getSubscriptionSummary,
  listSubscriptions,
  refreshSubscriptionStatuses,
  type Subscription,
  type SubscriptionSummary,
} from "~/services/subscriptions.server";

export const meta: Route.MetaFunction = () => [{ title: "Subscriptions | Admin" }];

const PAGE_SIZE = 25;

export async function loader({ url }: Route.LoaderArgs) {
  const page = pageFrom(url);
  const timeZone = getEnv().SITE_TIMEZONE;
  try {
    const [subscriptions, summary] = await Promise.all([
      listSubscriptions({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
      getSubscriptionSummary(),
    ]);
    const confirming = url.searchParams.get("cancel");
    return { subscriptions, summary, page, timeZone, confirming, canceled: url.searchParams.get("canceled"), error: null };
  } catch (error) {
    console.error("Subscriptions failed to load:", error);
    return { subscriptions: [] as Subscription[], summary: null, page, timeZone, confirming: null, canceled: null, error: "Failed to fetch subscriptions" };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "refresh") {
    try {
      const updated = await refreshSubscriptionStatuses();
      return { ok: true, message: `Updated ${updated} subscription statuses` };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error(`Status update failed: ${error.message}:`, error.cause ?? error);
      return data({ ok: false, message: "Failed to update subscription status" }, { status: 502 });
    }
  }
  if (intent === "cancel") {
    const providerId = String(formData.get("subscription_id") ?? "");
    try {
      const canceled = await cancelSubscription(providerId);
      return { ok: true, message: `Subscription of ${canceled.name} canceled. No further payments will be taken.` };
    } catch (error) {
      if (error instanceof PaymentProviderError) console.error(`Cancel failed: ${error.message}:`, error.cause ?? error);
      else if (!(error instanceof NotFoundError || error instanceof ConflictError)) throw error;
      return data({ ok: false, message: "Failed to cancel subscription" }, { status: error instanceof NotFoundError ? 404 : 502 });
    }
  }
  return data({ ok: false, message: "Unknown action" }, { status: 400 });
}

const STATUS_STYLES: Record<string, string> = {
  active: "bg-brand-100 text-brand-800",
  canceled: "bg-slate-200 text-slate-700",
  past_due: "bg-red-100 text-red-800",
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? "bg-slate-100 text-slate-700"}`}>
      {status}
    </span>
  );
}

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions, summary, page, timeZone, error } = loaderData;
  const navigation = useNavigation();
  const refreshing = navigation.state === "submitting" && navigation.formData?.get("intent") === "refresh";
  // After a cancel is confirmed, the panel closes whatever the address still says.
  const confirming = actionData ? null : subscriptions.find((s) => s.stripe_subscription_id === loaderData.confirming && isCancelable(s.status));

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

      {summary ? <SummaryCards summary={summary} /> : null}

      {confirming ? <CancelConfirmation subscription={confirming} /> : null}

      <DataTable
        caption="Recurring gifts, newest first"
        columns={[
          { label: "Donor" },
          { label: "Amount", align: "right" },
          { label: "Purpose" },
          { label: "Interval" },
          { label: "Schedule" },
          { label: "Status" },
          { label: "Next payment" },
          { label: "Created" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="No subscriptions"
      >
        {subscriptions.map((subscription) => (
          <tr key={subscription.id}>
            <td className="px-4 py-3">
              <span className="block font-medium text-slate-900">{subscription.name}</span>
              <span className="block text-slate-600">{subscription.email}</span>
            </td>
            <td className="px-4 py-3 text-right font-medium tabular-nums">{formatDollars(subscription.amount)}</td>
            <td className="px-4 py-3">{subscription.purpose}</td>
            <td className="px-4 py-3">{subscription.interval === "year" ? "Yearly" : "Monthly"}</td>
            <td className="px-4 py-3 whitespace-nowrap">
              {scheduleText(subscription.interval, subscription.payment_day, subscription.payment_month)}
            </td>
            <td className="px-4 py-3">
              <StatusBadge status={subscription.status} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDate(subscription.next_payment_date, timeZone)}</td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDate(subscription.created_at, timeZone)}</td>
            <td className="px-4 py-3 text-right">
              {isCancelable(subscription.status) && subscription.stripe_subscription_id ? (
                <Link
                  to={`?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), cancel: subscription.stripe_subscription_id })}`}
                  preventScrollReset
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
      <Pagination page={page} pageSize={PAGE_SIZE} total={summary?.total ?? 0} rowsOnPage={subscriptions.length} label="Subscriptions" />
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
  const canceling = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section role="alertdialog" aria-labelledby="cancel-title" aria-describedby="cancel-details" className="rounded-xl border-2 border-red-600 bg-white p-6 shadow-sm">
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
        <Link to="/admin/subscriptions" preventScrollReset className="btn-secondary">
          Keep it
        </Link>
      </Form>
    </section>
  );
}
