import { formatCount, formatDollars } from "~/domain/money";
import type { ImpactStatistics } from "~/services/settings.server";

const CARDS = [
  { key: "meals_provided", label: "Meals Provided", format: formatCount },
  { key: "families_supported", label: "Families Supported", format: formatCount },
  { key: "orphans_cared_for", label: "Orphans Cared For", format: formatCount },
  { key: "total_raised", label: "Total Raised", format: formatDollars },
] as const;

/** The four homepage figures staff keep up to date in Settings. */
export function ImpactStatisticsCards({ figures }: { figures: ImpactStatistics }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map((card) => (
        <div key={card.key} className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm sm:p-6">
          <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
          <dd className="mt-2 text-2xl font-bold break-words text-brand-700 sm:text-3xl">{card.format(figures[card.key])}</dd>
        </div>
      ))}
    </dl>
  );
}
