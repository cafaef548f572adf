import { useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { Icon } from "~/ui/icon";
import { ACCOUNT_LINK, FOUNDATION, MAIN_NAVIGATION, SECONDARY_NAVIGATION } from "./navigation";
import { useEscapeKey } from "~/ui/use-escape-key";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-50 text-brand-800 font-semibold" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;
}

/** My giving, drawn as an account link (outlined, with a person) rather than as a tenth page. */
function AccountLink({ className, onClick }: { className: string; onClick?: () => void }) {
  return (
    <NavLink
      to={ACCOUNT_LINK.to}
      onClick={onClick}
      className={({ isActive }) =>
        `${className} items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors ${
          isActive
            ? "border-brand-700 bg-brand-50 text-brand-800"
            : "border-slate-300 text-slate-700 hover:border-brand-700 hover:text-brand-800"
        }`
      }
    >
      <Icon name="user" className="h-4 w-4" />
      {ACCOUNT_LINK.label}
    </NavLink>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* A little wider than the page below: the nine links and My giving need 1,180 px on a laptop. */}
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
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
        <div className="flex shrink-0 items-center gap-2">
          {/* From a tablet up; on a phone it is in the menu, where the header has room for it. */}
          <AccountLink className="hidden sm:flex" />
          <MobileMenu />
        </div>
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
    <details
      ref={menuRef}
      className="group xl:hidden"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      {/* The browser says whether the menu is open, and CSS swaps the icon, so a page sent without script shows the
          same. */}
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
        <ul className="container-page flex flex-col gap-1 border-t border-slate-200 py-3">
          {SECONDARY_NAVIGATION.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={(state) => `block ${navLinkClass(state)}`}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {/* From a tablet up the header itself shows it, beside the menu button. */}
          <li className="sm:hidden">
            <AccountLink className="flex w-fit" onClick={() => setOpen(false)} />
          </li>
        </ul>
      </nav>
    </details>
  );
}
