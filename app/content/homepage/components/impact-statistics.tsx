import { formatImpactFigure } from "~/shared/money";
import {
  IMPACT_STATISTIC_KEYS,
  IMPACT_STATISTIC_LABELS,
  isDollarStatistic,
  type ImpactStatistics,
} from "~/content/settings";

/** The four homepage figures staff keep up to date in Settings. */
export function ImpactStatisticsCards({ figures }: { figures: ImpactStatistics }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {IMPACT_STATISTIC_KEYS.map((key) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm sm:p-6">
          <dt className="text-sm font-medium text-slate-600">{IMPACT_STATISTIC_LABELS[key]}</dt>
          <dd className="mt-2 text-2xl font-bold whitespace-nowrap text-brand-700 sm:text-3xl">
            {formatImpactFigure(figures[key], isDollarStatistic(key))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
