import { useContext } from "react";
import {
  isRouteErrorResponse,
  ScrollRestoration,
  Scripts,
  UNSAFE_DataRouterStateContext,
  useMatches,
} from "react-router";

/**
 * The `handle` of a page that is whole as the server sends it: its links are plain links,
 * its forms plain posts and its menu a disclosure, so a visitor reading about Zakat, a
 * story or a receipt downloads none of the site's JavaScript.
 */
export const PAGE_WITHOUT_SCRIPTS = { hydrate: false } as const;

/**
 * The `handle` of a page that is read as sent unless what it shows needs the app: a story
 * with a video plays it in a dialog, which only the script opens. `needsScripts` is given
 * the page's loader data (never called when the page is an error).
 */
export function pageWithoutScriptsUnless<Data>(needsScripts: (data: Data) => boolean) {
  return { hydrate: (data: unknown) => data !== undefined && needsScripts(data as Data) };
}

type Hydrate = boolean | ((data: unknown) => boolean);

function hydrateOf(handle: unknown): Hydrate {
  if (typeof handle !== "object" || handle === null) return true;
  const hydrate = (handle as { hydrate?: unknown }).hydrate;
  return hydrate === false || typeof hydrate === "function" ? (hydrate as Hydrate) : true;
}

/**
 * Whether the page shown is a "not found" page, whichever boundary shows it: a missing
 * appeal is drawn by the appeal's own boundary, which the root's `useRouteError` does not
 * see, so the router's errors for the whole page are read.
 */
function useShowsNotFound(): boolean {
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  return Object.values(errors ?? {}).some((error) => isRouteErrorResponse(error) && error.status === 404);
}

/**
 * Whether the page being served needs the app's scripts: the page's own route decides (the
 * layouts around it serve both kinds), from its data when it says so, and a "not found"
 * page never does. In the browser the app is already running (the visitor came by a link
 * from a page that has it), so nothing is left out there.
 */
function usePageNeedsScripts(): boolean {
  const matches = useMatches();
  const showsNotFound = useShowsNotFound();
  if (typeof document !== "undefined") return true;
  if (showsNotFound) return false;
  const page = matches.at(-1);
  const hydrate = hydrateOf(page?.handle);
  return typeof hydrate === "function" ? hydrate(page?.loaderData) : hydrate;
}

/**
 * React Router's scripts and the scroll keeper (itself a script), with the page's nonce:
 * left out entirely, with the module preloads `<Scripts>` renders and the data it streams,
 * on a page that needs none.
 */
export function PageScripts({ nonce }: { nonce: string }) {
  if (!usePageNeedsScripts()) return null;
  // A page kept for every visitor has no nonce: its scripts are allowed by their hashes.
  const attribute = nonce || undefined;
  return (
    <>
      <ScrollRestoration nonce={attribute} />
      <Scripts nonce={attribute} />
    </>
  );
}
