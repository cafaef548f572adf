import { FUND_KIND_LABELS } from "../rules/fund-kinds";

/** Small labels beside a fund's name: what kind of money it holds, and whether it is archived. */
export function FundBadges({
  fund,
}: {
  fund: { is_zakat: boolean; is_obligation: boolean; kind: string; archived: boolean };
}) {
  const badges: { label: string; style: string; title: string }[] = [];
  if (fund.is_zakat)
    badges.push({
      label: "Zakat-bound",
      style: "bg-brand-100 text-brand-800",
      title: "Given only to the eight categories of Zakat recipients",
    });
  if (fund.is_obligation)
    badges.push({
      label: "Obligation-bound",
      style: "bg-gold-300/50 text-slate-900",
      title: "Owed by the donor; a fixed fund",
    });
  if (fund.kind === "general")
    badges.push({
      label: FUND_KIND_LABELS.general,
      style: "bg-slate-100 text-slate-800",
      title: "Sadaqa given where it is most needed",
    });
  if (fund.kind === "restricted")
    badges.push({ label: "Restricted", style: "bg-sky-100 text-sky-900", title: "Sadaqa given for this purpose only" });
  if (fund.archived)
    badges.push({
      label: "Archived",
      style: "bg-slate-200 text-slate-700",
      title: "Not offered on the donate form; its history is kept",
    });
  return (
    <>
      {badges.map((badge) => (
        <span
          key={badge.label}
          title={badge.title}
          className={`mr-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${badge.style}`}
        >
          {badge.label}
        </span>
      ))}
    </>
  );
}
