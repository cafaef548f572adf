import { Link } from "react-router";
import { formatBothCalendars } from "~/shared/hijri";
import { formatCount, formatExactDollars } from "~/shared/money";
import type { ApplicationFigures } from "../rules/grant-view";

/**
 * The dashboard's Zakat applications section: open cases by state, the median days from an
 * application to its decision, and the help paid this lunar year by category.
 */
export function ApplicationFiguresPanel({ figures }: { figures: ApplicationFigures }) {
  const { open_by_state: open, median_days_to_decision: median, granted_this_year: granted } = figures;
  return (
    <section aria-labelledby="applications-figures" className="space-y-4" data-testid="dashboard-applications">
      <h2 id="applications-figures" className="text-lg font-semibold text-slate-900">
        Zakat applications
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6">
        {open.map((item) => (
          <div key={item.state} className="rounded-xl bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
            <dd
              className="mt-1 text-2xl font-bold text-slate-900 tabular-nums"
              data-testid={`dashboard-open-${item.state}`}
            >
              {formatCount(item.count)}
            </dd>
          </div>
        ))}
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">Median days to a decision</dt>
          <dd
            className="mt-1 text-2xl font-bold text-slate-900 tabular-nums"
            data-testid="dashboard-median-decision-days"
          >
            {median === null ? "None yet" : median.toLocaleString("en-US", { maximumFractionDigits: 1 })}
          </dd>
        </div>
      </dl>
      <div className="rounded-xl bg-white p-4 shadow-sm">
        <h3 className="font-semibold text-slate-900">
          Help granted in {granted.hijri_year} AH: {formatExactDollars(granted.total)}
        </h3>
        <p className="text-sm text-slate-600">
          Grant payments since 1 Muharram ({formatBothCalendars(granted.since)}), by category.{" "}
          <Link to="/admin/applications/payments" className="font-semibold text-brand-700 hover:underline">
            Payments due
          </Link>
        </p>
        {granted.by_category.length ? (
          <table className="mt-3 w-full text-left text-sm" data-testid="dashboard-granted-by-category">
            <caption className="sr-only">Help granted this lunar year by category, in US dollars</caption>
            <thead className="border-b border-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Category
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Paid
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {granted.by_category.map((item) => (
                <tr key={item.key}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {item.english} <span className="font-normal text-slate-600 italic">({item.arabic})</span>
                  </th>
                  <td className="py-2 tabular-nums">{formatExactDollars(item.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-2 text-sm text-slate-700">No grant has been paid this lunar year yet.</p>
        )}
      </div>
    </section>
  );
}
