import { ScrollRestoration, Scripts, useMatches } from "react-router";

/**
 * The `handle` of a page that is whole as the server sends it: its links are plain links,
 * its forms plain posts and its menu a disclosure, so a visitor reading about Zakat, a
 * story or a receipt downloads none of the site's JavaScript.
 */
export const PAGE_WITHOUT_SCRIPTS = { hydrate: false } as const;

function saysNoScripts(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { hydrate?: unknown }).hydrate === false;
}

/**
 * Whether the page being served needs the app's scripts: the page's own route decides (the
 * layouts around it serve both kinds). In the browser the app is already running (the
 * visitor came by a link from a page that has it), so nothing is left out there.
 */
function usePageNeedsScripts(): boolean {
  const matches = useMatches();
  if (typeof document !== "undefined") return true;
  return !saysNoScripts(matches.at(-1)?.handle);
}

/**
 * React Router's scripts and the scroll keeper (itself a script), with the page's nonce:
 * left out entirely, with the module preloads `<Scripts>` renders and the data it streams,
 * on a page that needs none.
 */
export function PageScripts({ nonce }: { nonce: string }) {
  if (!usePageNeedsScripts()) return null;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}
