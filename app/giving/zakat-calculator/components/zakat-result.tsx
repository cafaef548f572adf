import type { Ref } from "react";
import { Link } from "react-router";
import { formatDollars } from "~/shared/money";
import type { ZakatResult } from "../rules/zakat";
import { ZAKAT_FIGURES } from "../rules/zakat-figures";

const exact = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

const ROWS = [
  { key: "wealth", label: "Wealth (cash, savings, investments)" },
  { key: "gold", label: "Gold" },
  { key: "silver", label: "Silver" },
  { key: "business_goods", label: "Business goods" },
  { key: "agriculture", label: "Agriculture" },
] as const;

/** The results panel: each part, the total, the nisab verdict, and the way to pay. */
export function ZakatResultPanel({
  result,
  problem,
  headingRef,
}: {
  result: ZakatResult | null;
  problem?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section
      aria-labelledby="zakat-result-title"
      className="rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm"
    >
      <h2 id="zakat-result-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        Your Zakat
      </h2>
      <p role="status" className="sr-only">
        {result ? `Total Zakat due: ${exact.format(result.total)}` : ""}
      </p>
      <div data-testid="zakat-result">
        {!result ? (
          <p className="mt-3 text-slate-600">{problem ?? "Enter what you own and owe to see the Zakat due."}</p>
        ) : (
          <>
            <dl className="mt-4 divide-y divide-slate-100">
              {ROWS.map((row) => (
                <div key={row.key} className="flex justify-between gap-4 py-2 text-slate-700">
                  <dt>{row.label}</dt>
                  <dd className="font-medium tabular-nums">{exact.format(result[row.key])}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4 pt-3 text-lg font-bold text-slate-900">
                <dt>Total Zakat due</dt>
                <dd className="tabular-nums" data-testid="zakat-total">
                  {exact.format(result.total)}
                </dd>
              </div>
            </dl>
            <NisabVerdict result={result} />
            {result.total > 0 ? (
              <Link to={`/donate?zakat_amount=${result.total}`} className="btn-gold mt-6 w-full">
                Pay Zakat Now
              </Link>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function NisabVerdict({ result }: { result: ZakatResult }) {
  const { nisab } = result;
  const basis =
    nisab.basis === "gold"
      ? `the gold standard of ${ZAKAT_FIGURES.goldNisabWeight}`
      : `the silver standard of ${ZAKAT_FIGURES.silverNisabWeight}`;
  if (nisab.meets_nisab) {
    return (
      <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
        Your zakatable wealth of {formatDollars(nisab.zakatable_assets)} reaches the nisab of{" "}
        {exact.format(nisab.threshold)} ({basis}), so Zakat is due on it at {ZAKAT_FIGURES.rate}.
      </p>
    );
  }
  return (
    <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="below-nisab">
      Your zakatable wealth of {formatDollars(nisab.zakatable_assets)} is below the nisab of{" "}
      {exact.format(nisab.threshold)} ({basis}), so no Zakat is due on your money, gold, silver or business goods.
      {result.agriculture > 0 ? " Zakat on a harvest does not depend on this nisab, so it is still due." : ""}
    </p>
  );
}

/** On a phone the panel sits below the form: this bar keeps the total in sight while typing. */
export function ZakatTotalBar({ result }: { result: ZakatResult | null }) {
  if (!result) return null;
  return (
    <div className="sticky bottom-0 z-30 -mx-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur lg:hidden">
      <p className="font-semibold text-slate-900">
        Zakat due: <span className="tabular-nums">{exact.format(result.total)}</span>
      </p>
      <a href="#zakat-result-title" className="text-sm font-semibold text-brand-700 underline">
        See details
      </a>
    </div>
  );
}
