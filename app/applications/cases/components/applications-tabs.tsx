import { NavLink } from "react-router";

const SCREENS = [
  { to: "/admin/applications", label: "Cases", end: true },
  { to: "/admin/applications/payments", label: "Grant payments due", end: false },
  { to: "/admin/applications/settings", label: "Settings", end: false },
] as const;

/** The applications' three screens (the queue, grant payments due, settings), one a click from another. */
export function ApplicationsTabs() {
  return (
    <nav aria-label="Applications screens">
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
