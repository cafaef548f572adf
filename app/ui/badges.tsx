/** Small labels in the admin tables. */

const STATUS_STYLES: Record<string, string> = {
  active: "bg-brand-100 text-brand-800",
  paused: "bg-amber-100 text-amber-900",
  canceled: "bg-slate-200 text-slate-700",
  past_due: "bg-red-100 text-red-800",
};

/** A subscription's status: active, paused, canceled and past_due in their colours, anything else neutral. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? "bg-slate-100 text-slate-700"}`}
    >
      {status}
    </span>
  );
}

/**
 * Marks a test payment (the sandbox, Stripe test keys): no money moved. Set apart from what precedes it by
 * `className`'s margin.
 */
export function TestBadge({ className = "ml-2" }: { className?: string }) {
  return (
    <span
      className={`${className} rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800`}
      title="A test payment: no money moved"
    >
      Test
    </span>
  );
}
