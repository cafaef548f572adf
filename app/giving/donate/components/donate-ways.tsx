import { Link } from "react-router";

export type DonateWay = "gift" | "ramadan-nights";

const WAYS: { way: DonateWay; to: string; label: string }[] = [
  { way: "gift", to: "/donate", label: "Once, monthly or yearly" },
  { way: "ramadan-nights", to: "/donate?way=ramadan-nights", label: "Ramadan nights" },
];

/**
 * The two ways to give on the donate page, as links (so each is its own address and works
 * without JavaScript): a gift given once or on a monthly or yearly schedule, or a gift on
 * each of the nights of Ramadan.
 */
export function DonateWays({ current }: { current: DonateWay }) {
  return (
    <nav aria-label="Ways to give" className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      {WAYS.map(({ way, to, label }) => (
        <Link
          key={way}
          to={to}
          aria-current={way === current ? "page" : undefined}
          className={`rounded-lg px-4 py-2 font-semibold ${way === current ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"}`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
