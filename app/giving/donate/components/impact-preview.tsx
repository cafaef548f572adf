import { impactPreview } from "../rules/gift-options";
import { formatCount } from "~/shared/money";

/**
 * What the amount being typed stands for (a meal per $5, a child per $50, a family per $100). The form's summary line
 * is the one announced.
 */
export function ImpactPreview({ amount }: { amount: number }) {
  const impact = impactPreview(amount);
  const rows = [
    { value: impact.meals, label: impact.meals === 1 ? "meal provided" : "meals provided" },
    { value: impact.families, label: impact.families === 1 ? "family supported" : "families supported" },
    { value: impact.children, label: impact.children === 1 ? "child helped" : "children helped" },
  ];
  return (
    <section aria-labelledby="impact-preview-title" className="rounded-xl bg-brand-50 p-6">
      <h2 id="impact-preview-title" className="text-lg font-semibold text-brand-900">
        Your impact
      </h2>
      <ul className="mt-4 space-y-3" data-testid="impact-preview">
        {rows.map((row) => (
          <li key={row.label} className="flex items-baseline gap-3">
            <span className="min-w-12 text-2xl font-bold text-brand-700">{formatCount(row.value)}</span>
            <span className="text-slate-700">{row.label}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-slate-600">
        Estimates: about $5 feeds one meal, $50 helps a child, $100 supports a family.
      </p>
    </section>
  );
}
