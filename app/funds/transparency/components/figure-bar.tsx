/**
 * A bar drawn on the server beside a figure in a table: the table cell already says the
 * number, so the bar is hidden from screen readers and ships no script.
 */
export function FigureBar({ share, tone = "brand" }: { share: number; tone?: "brand" | "gold" | "slate" }) {
  const width = Math.round(Math.min(Math.max(share, 0), 1) * 1000) / 10;
  return (
    <svg
      aria-hidden="true"
      data-bar=""
      className="mt-1 block h-2 w-full max-w-48"
      viewBox="0 0 100 2"
      preserveAspectRatio="none"
    >
      <rect width="100" height="2" rx="1" className="fill-slate-100" />
      {width > 0 ? <rect width={width} height="2" rx="1" className={FILLS[tone]} /> : null}
    </svg>
  );
}

const FILLS = { brand: "fill-brand-600", gold: "fill-gold-400", slate: "fill-slate-500" } as const;

/** Each value's share of the largest, so the longest bar of a table fills its cell. */
export function sharesOf(values: number[]): (value: number) => number {
  const largest = Math.max(0, ...values);
  return (value) => (largest > 0 ? value / largest : 0);
}
