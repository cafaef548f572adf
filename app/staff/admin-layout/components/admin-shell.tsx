import { useEffect, useState, type ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { Icon } from "~/ui/icon";
import { useEscapeKey } from "~/ui/use-escape-key";
import type { Role } from "~/staff/accounts";
import { AccountMenu } from "./account-menu";
import { screensFor } from "./admin-navigation";

type SidebarState = "auto" | "collapsed" | "expanded";

const WIDE_SCREEN = "(min-width: 768px)";

/**
 * The admin frame: a sidebar that collapses to a narrow rail (narrow by default on small
 * screens, wide on large ones), and a bar across the top with the signed-in username, View
 * Site and Logout. On a small screen the opened sidebar lies over the page instead of
 * squeezing it, and closes again when a screen is chosen or Escape is pressed. The sidebar
 * lists only the screens the person's roles open.
 */
export function AdminShell({ username, roles, children }: { username: string; roles: Role[]; children: ReactNode }) {
  const [state, setState] = useState<SidebarState>("auto");
  const collapsed = state === "collapsed";
  const expanded = state === "expanded";

  // The server cannot know the screen width; once in the browser, the state is made explicit
  // so the toggle always announces whether the sidebar is open.
  useEffect(() => {
    setState(window.matchMedia(WIDE_SCREEN).matches ? "expanded" : "collapsed");
  }, []);

  const { pathname } = useLocation();
  useEffect(() => {
    if (!window.matchMedia(WIDE_SCREEN).matches) setState("collapsed");
  }, [pathname]);

  const sidebarRef = useEscapeKey<HTMLDivElement>(() => {
    if (expanded && !window.matchMedia(WIDE_SCREEN).matches) setState("collapsed");
  });

  function toggle() {
    const currentlyOpen = state === "expanded" || (state === "auto" && window.matchMedia(WIDE_SCREEN).matches);
    setState(currentlyOpen ? "collapsed" : "expanded");
  }

  // "auto" follows the screen width through CSS; an explicit choice overrides it. Opened on
  // a small screen, the rail keeps its place in the page and the panel lies over it.
  const wide = expanded ? "w-16 md:w-60" : collapsed ? "w-16" : "w-16 md:w-60";
  const overlay = expanded
    ? "max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-40 max-md:max-h-none max-md:w-60 max-md:bg-slate-900 max-md:shadow-2xl"
    : "";
  const label = expanded ? "" : collapsed ? "sr-only" : "max-md:sr-only";

  return (
    <div className="flex min-h-screen flex-1 bg-slate-100">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <aside
        id="admin-sidebar"
        aria-label="Admin"
        className={`${wide} shrink-0 bg-slate-900 text-slate-200 transition-[width]`}
      >
        {/* Sticky inside a full-height column, so it never runs past the bottom of the window. */}
        <div ref={sidebarRef} className={`sticky top-0 flex max-h-screen flex-col overflow-y-auto ${overlay}`}>
          <div className="flex items-center justify-between gap-2 border-b border-slate-800 p-3">
            <span className={`${label} truncate font-bold text-white`}>Foundation Admin</span>
            <button
              type="button"
              onClick={toggle}
              aria-controls="admin-sidebar"
              aria-expanded={expanded ? true : collapsed ? false : undefined}
              aria-label="Toggle sidebar"
              className="rounded-md p-2 hover:bg-slate-800"
            >
              <Icon name="menu" />
            </button>
          </div>
          <nav className="p-2">
            <ul className="space-y-1">
              {screensFor(roles).map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={"end" in item}
                    title={item.label}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium ${
                        isActive ? "bg-brand-700 text-white" : "hover:bg-slate-800 hover:text-white"
                      }`
                    }
                  >
                    <span className="flex h-7 w-7 shrink-0 items-center justify-center">
                      <Icon name={item.icon} />
                    </span>
                    <span className={label}>{item.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <AccountBar username={username} />
        {/* A word longer than its line (an address, a link) breaks rather than widening the page: one rule for every
            confirmation, form and message. A table's cells still grow to hold their words, and scroll in their box. */}
        <main id="admin-main" className="min-w-0 flex-1 p-4 wrap-break-word sm:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * Who is signed in, their own account's screens, View Site and Logout, in a bar that stays at the top of the window: at
 * the foot of the sidebar, Logout fell below the fold once the list of screens grew.
 */
function AccountBar({ username }: { username: string }) {
  return (
    <header className="sticky top-0 z-30 flex items-center justify-end gap-1 border-b border-slate-200 bg-white px-4 py-1.5 text-sm text-slate-700 sm:gap-2 sm:px-8">
      <p className="mr-auto flex min-w-0 items-center gap-2" title={`Signed in as ${username}`}>
        <span
          aria-hidden="true"
          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white uppercase"
        >
          {username.slice(0, 1)}
        </span>
        <span className="truncate max-sm:sr-only">
          Signed in as{" "}
          <strong className="text-slate-900" data-testid="admin-username">
            {username}
          </strong>
        </span>
      </p>
      <AccountMenu />
      <a
        href="/"
        target="_blank"
        rel="noopener"
        title="View Site (opens in a new tab)"
        className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-slate-100 hover:text-slate-900"
      >
        <Icon name="externalLink" />
        <span className="max-sm:sr-only">View Site</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <Form method="post" action="/admin/logout">
        <button
          type="submit"
          className="flex items-center gap-2 rounded-md px-2 py-1.5 font-medium hover:bg-slate-100 hover:text-slate-900"
        >
          <Icon name="logOut" />
          Logout
        </button>
      </Form>
    </header>
  );
}
