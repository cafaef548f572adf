import { useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { Icon } from "~/components/ui/icon";
import { FOUNDATION, MAIN_NAVIGATION } from "./navigation";
import { useEscapeKey } from "~/components/ui/use-escape-key";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-50 text-brand-800 font-semibold" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold whitespace-nowrap text-brand-800">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{FOUNDATION.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {MAIN_NAVIGATION.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}

/**
 * A <details> disclosure: it opens and closes without JavaScript, and with it the menu
 * closes on a link click or Escape and hands focus back to its button.
 */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLElement>(null);

  const menuRef = useEscapeKey<HTMLDetailsElement>((event) => {
    if (!open) return;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
  });

  return (
    <details ref={menuRef} className="group xl:hidden" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      {/* The browser says whether the menu is open, and CSS swaps the icon, so a page sent without script shows the same. */}
      <summary
        ref={toggleRef}
        className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <span className="sr-only">Menu</span>
        <Icon name="menu" className="h-6 w-6 group-open:hidden" />
        <Icon name="close" className="hidden h-6 w-6 group-open:block" />
      </summary>
      <nav aria-label="Mobile" className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white shadow-lg">
        <ul className="container-page flex flex-col gap-1 py-3">
          {MAIN_NAVIGATION.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={(state) => `block ${navLinkClass(state)}`}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
