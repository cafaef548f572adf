import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { Icon } from "~/ui/icon";
import { useEscapeKey } from "~/ui/use-escape-key";

/** A person's own settings: who they are, how they sign in, and where they are signed in. */
const ACCOUNT_SCREENS = [
  { to: "/admin/account", label: "Your details", note: "Name, email and password" },
  { to: "/admin/security", label: "Security", note: "Two-factor sign-in and recovery codes" },
  { to: "/admin/passkeys", label: "Passkeys", note: "Sign in with this device" },
  { to: "/admin/sign-ins", label: "Your sign-ins", note: "Sessions and API tokens" },
];

/**
 * "Your account" in the account bar: the person's own screens behind one toggle, so the bar
 * keeps to who is signed in, View Site and Logout on a phone as on a laptop. A <details>
 * disclosure, so it opens without JavaScript; with it, Escape, a click elsewhere or moving to
 * another page closes it. On a phone the options open across the bar's width, under it.
 */
export function AccountMenu() {
  const toggleRef = useRef<HTMLElement>(null);
  const menuRef = useEscapeKey<HTMLDetailsElement>((event) => {
    if (!menuRef.current?.open) return;
    event.preventDefault();
    menuRef.current.open = false;
    toggleRef.current?.focus();
  });
  const { pathname } = useLocation();
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [pathname, menuRef]);
  useEffect(() => {
    const closeOutside = (event: MouseEvent) => {
      const menu = menuRef.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener("click", closeOutside);
    return () => document.removeEventListener("click", closeOutside);
  }, [menuRef]);
  return (
    <details ref={menuRef} className="group sm:relative">
      <summary
        ref={toggleRef}
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 hover:bg-slate-100 hover:text-slate-900 [&::-webkit-details-marker]:hidden"
      >
        <Icon name="user" />
        <span className="max-sm:sr-only">Your account</span>
        <Icon
          name="chevronDown"
          className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180 max-sm:hidden"
        />
      </summary>
      <ul className="absolute top-full right-2 left-2 z-40 mt-1 rounded-md sm:right-0 sm:left-auto sm:w-64 border border-slate-200 bg-white py-1 shadow-lg">
        {ACCOUNT_SCREENS.map((screen) => {
          const noteId = `account-note-${screen.to.split("/").pop()}`;
          return (
            // The link stretches over its note (after:inset-0): the whole item is pressed, its name its own words.
            <li key={screen.to} className="relative px-3 py-2 hover:bg-slate-100">
              <NavLink
                to={screen.to}
                aria-describedby={noteId}
                className="after:absolute after:inset-0 aria-[current=page]:font-semibold aria-[current=page]:text-slate-900"
              >
                {screen.label}
              </NavLink>
              <span id={noteId} className="block text-xs text-slate-500">
                {screen.note}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
