import { NavLink } from "react-router";

const SCREENS = [
  { to: "/admin/funds", label: "Balances", end: true },
  { to: "/admin/funds/ledger", label: "Ledger", end: false },
  { to: "/admin/funds/rates", label: "Rates", end: false },
  { to: "/admin/funds/policy", label: "Zakat policy and Eid", end: false },
] as const;

/** The four screens of the funds area, one a click from another. */
export function FundsTabs() {
  return (
    <nav aria-label="Funds screens">
      <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-2 text-sm">
        {SCREENS.map((screen) => (
          <li key={screen.to}>
            <NavLink
              to={screen.to}
              end={screen.end}
              className={({ isActive }) =>
                `inline-block rounded-lg px-3 py-1.5 font-semibold ${isActive ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"}`
              }
            >
              {screen.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
