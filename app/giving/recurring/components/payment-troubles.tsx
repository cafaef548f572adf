import { Form, useNavigation } from "react-router";
import { DataTable } from "~/ui/data-table";
import { StatCard } from "~/staff/dashboard/index.ui";
import { TestBadge } from "~/ui/badges";
import { pastDueWords, type TroubleOutcome } from "../rules/payment-troubles";
import { formatDate } from "~/shared/dates";
import { formatCount, formatDollars } from "~/shared/money";

/**
 * Subscriptions' "Payment troubles, last 30 days": failed charges still being tried, no
 * longer tried, recovered and lost, counted and listed; in sandbox mode, staff can also decline a gift's
 * charge, try it again or have the provider give up, to see the whole path without keys.
 */
interface Trouble {
  id: number;
  subscription_id: number;
  name: string;
  email: string;
  amount: number;
  outcome: TroubleOutcome;
  attempts: number;
  failed_at: string;
  recovered_at: string | null;
  lost_at: string | null;
  next_retry_at: string | null;
  is_test: boolean;
}

interface Report {
  days: number;
  counts: Record<TroubleOutcome, number> & { noMoreTries: number };
  rows: Trouble[];
}

interface Gift {
  id: number;
  name: string;
  email: string;
  amount: number;
  interval: "month" | "year";
  status: string;
  resumes_at: string | null;
  stripe_subscription_id: string | null;
}

/** A past-due gift's status line on the list: "Past due · next try Dec 3, 2026". */
export function PastDueNote({ nextRetryAt, timeZone }: { nextRetryAt: string | null; timeZone: string }) {
  return <span className="mt-1 block text-xs text-red-800">{pastDueWords(nextRetryAt, timeZone)}</span>;
}

function standing(trouble: Trouble, timeZone: string): string {
  if (trouble.outcome === "recovered") return `Recovered ${formatDate(trouble.recovered_at, timeZone)}`;
  if (trouble.outcome === "lost") return `Lost ${formatDate(trouble.lost_at, timeZone)}: the gift ended`;
  return pastDueWords(trouble.next_retry_at, timeZone);
}

export function PaymentTroublesPanel({
  report,
  sandbox,
  gifts,
  timeZone,
}: {
  report: Report;
  sandbox: boolean;
  gifts: Gift[];
  timeZone: string;
}) {
  return (
    <section aria-labelledby="payment-troubles-title" className="space-y-4">
      <h2 id="payment-troubles-title" className="text-lg font-semibold text-slate-900">
        Payment troubles, last {report.days} days
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Failed, still being tried"
          value={formatCount(report.counts.failed - report.counts.noMoreTries)}
          testId="troubles-failed"
        />
        <StatCard
          label="Failed, no more tries"
          value={formatCount(report.counts.noMoreTries)}
          hint="The provider stopped trying; unpaid until the card is put right"
          testId="troubles-no-more-tries"
        />
        <StatCard
          label="Recovered"
          value={formatCount(report.counts.recovered)}
          hint="Paid after a failed charge"
          testId="troubles-recovered"
        />
        <StatCard
          label="Lost"
          value={formatCount(report.counts.lost)}
          hint="Ended by the card provider after failed charges"
          testId="troubles-lost"
        />
      </dl>
      {sandbox ? <SimulateFailure gifts={gifts} /> : null}
      <DataTable
        caption={`Failed charges of the last ${report.days} days, latest news first`}
        columns={[
          { label: "Name" },
          { label: "Email" },
          { label: "Charge", align: "right" },
          { label: "Failed" },
          { label: "Where it stands" },
          ...(sandbox ? [{ label: "Simulate", hidden: true }] : []),
        ]}
        emptyText={`No failed charges in the last ${report.days} days`}
      >
        {report.rows.map((trouble) => (
          <tr key={trouble.id} data-testid={`trouble-${trouble.subscription_id}`}>
            <td className="px-3 py-3 font-medium text-slate-900">{trouble.name}</td>
            <td className="px-3 py-3 text-slate-700">{trouble.email}</td>
            <td className="px-3 py-3 text-right tabular-nums">
              {formatDollars(trouble.amount)}
              {trouble.is_test ? <TestBadge /> : null}
            </td>
            <td className="px-3 py-3 whitespace-nowrap">
              {formatDate(trouble.failed_at, timeZone)}
              <span className="block text-xs text-slate-600">
                {trouble.attempts === 1 ? "1 try" : `${trouble.attempts} tries`}
              </span>
            </td>
            <td className="px-3 py-3">{standing(trouble, timeZone)}</td>
            {sandbox ? (
              <td className="px-3 py-3 text-right">
                {trouble.outcome === "failed" ? <SimulateNext trouble={trouble} /> : null}
              </td>
            ) : null}
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function useSimulating() {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  return ["simulate-failed-charge", "retry-charge", "simulate-giving-up"].includes(intent);
}

/** Sandbox only: decline the next charge of an active gift on this page (a paused one is not charged). */
function SimulateFailure({ gifts }: { gifts: Gift[] }) {
  const busy = useSimulating();
  const active = gifts.filter((gift) => gift.status === "active" && gift.stripe_subscription_id && !gift.resumes_at);
  if (active.length === 0) return null;
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-dashed border-amber-600 bg-amber-50 p-4"
      preventScrollReset
    >
      <div>
        <label htmlFor="simulate-gift" className="field-label">
          Active gift
        </label>
        <select id="simulate-gift" name="subscription_id" className="field-input" aria-describedby="simulate-note">
          {active.map((gift) => (
            <option key={gift.id} value={gift.id}>
              {gift.name} ({gift.email}) · {formatDollars(gift.amount)}{" "}
              {gift.interval === "year" ? "yearly" : "monthly"}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="intent" value="simulate-failed-charge" className="btn-secondary" disabled={busy}>
        Simulate failed charge
      </button>
      <p id="simulate-note" className="w-full text-sm text-amber-900">
        Sandbox only: the gift's charge is declined now, exactly as the card provider would report it, and the donor is
        mailed a link to put the card right.
      </p>
    </Form>
  );
}

/** Sandbox only: the provider's next try now, or its giving up. */
function SimulateNext({ trouble }: { trouble: Trouble }) {
  const busy = useSimulating();
  return (
    <Form method="post" className="flex justify-end gap-2" preventScrollReset>
      <input type="hidden" name="subscription_id" value={trouble.subscription_id} />
      <button
        type="submit"
        name="intent"
        value="retry-charge"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={busy}
        aria-label={`Retry charge now for ${trouble.name}`}
      >
        Retry charge now
      </button>
      <button
        type="submit"
        name="intent"
        value="simulate-giving-up"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={busy}
        aria-label={`Simulate giving up on ${trouble.name}'s gift`}
      >
        Simulate giving up
      </button>
    </Form>
  );
}
