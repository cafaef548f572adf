import type { ReactNode } from "react";
import { Link } from "react-router";

/** One figure on an admin screen; inside a <dl>. With `to`, the whole card links to its screen. */
export function StatCard({
  label,
  value,
  hint,
  to,
  testId,
}: {
  label: string;
  value: ReactNode;
  /** A line on how the figure is worked out. */
  hint?: string;
  to?: string;
  testId?: string;
}) {
  const body = (
    <>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      {/* Sized to the card, so a long figure ("$458,694.07") fits a narrow card; wraps as a last resort. */}
      <dd
        className="mt-1 text-[clamp(1.125rem,13cqi,1.5rem)] font-bold break-words text-slate-900 tabular-nums"
        data-testid={testId}
      >
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-slate-500">{hint}</dd> : null}
    </>
  );
  return to ? (
    <div className="rounded-xl bg-white shadow-sm">
      <Link to={to} className="@container block rounded-xl p-5 hover:bg-slate-50">
        {body}
      </Link>
    </div>
  ) : (
    <div className="@container rounded-xl bg-white p-5 shadow-sm">{body}</div>
  );
}
