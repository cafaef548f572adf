// The JavaScript each public page makes a visitor download, for `npm run bench`: the page's
// own script elements (inline ones counted by their text) and every module it loads or
// preloads, fetched from the running server and weighed gzipped, as a phone would receive them.
import { gzipSync } from "node:zlib";

/**
 * The public pages weighed: those that need no script first (the "not found" pages among
 * them), then those that do. A receipt and a yearly statement need a gift of the visitor's
 * own, so they are not weighed here (they are sent as the other reading pages).
 */
export const WEIGHED_PAGES = [
  "/about",
  "/zakat-education",
  "/stories",
  "/stories/1",
  "/events",
  "/events/1",
  "/testimonials",
  "/transparency",
  "/zakat-policy",
  "/appeals",
  "/no-such-page",
  "/appeals/no-such-appeal",
  "/",
  "/donate",
  "/zakat-calculator",
  "/obligations",
  "/contact",
  "/volunteer",
  "/newsletter",
  "/my-giving",
  "/my-giving/sign-in",
  "/appeals/winter-emergency-in-gaza",
];

export interface PageWeight {
  path: string;
  status: number;
  scriptElements: number;
  modules: number;
  /** The modules it loads or preloads. */
  moduleGzipBytes: number;
  /** Its inline scripts: the router's start-up and the page's data handed to it. */
  inlineGzipBytes: number;
}

const gzipped = (text: string | Uint8Array) => gzipSync(text).length;

/** The modules a page loads: those it preloads, the `src` of its scripts, and what its inline modules import. */
function moduleAddresses(html: string): string[] {
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const imports = [...html.matchAll(/\bimport\s*(?:\*\s*as\s+\w+\s+from\s*)?\(?\s*"(\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  return [...new Set([...preloads, ...sources, ...imports])];
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

/** Weighs each page; a module shared by several pages is fetched once. */
export async function weighPages(baseUrl: string, paths = WEIGHED_PAGES): Promise<PageWeight[]> {
  const moduleBytes = new Map<string, Promise<number>>();
  const weigh = (href: string) => {
    let bytes = moduleBytes.get(href);
    if (!bytes) {
      bytes = fetch(new URL(href, baseUrl)).then(async (response) => {
        if (!response.ok) throw new Error(`${href} answered ${response.status}`);
        return gzipped(new Uint8Array(await response.arrayBuffer()));
      });
      moduleBytes.set(href, bytes);
    }
    return bytes;
  };
  const rows: PageWeight[] = [];
  for (const path of paths) {
    const response = await fetch(baseUrl + path);
    const html = await response.text();
    const modules = moduleAddresses(html);
    const inline = inlineScripts(html).filter((text) => text.trim());
    const moduleGzipBytes = (await Promise.all(modules.map(weigh))).reduce((sum, bytes) => sum + bytes, 0);
    const inlineGzipBytes = inline.reduce((sum, text) => sum + gzipped(text), 0);
    rows.push({
      path,
      status: response.status,
      scriptElements: html.match(/<script\b/g)?.length ?? 0,
      modules: modules.length,
      moduleGzipBytes,
      inlineGzipBytes,
    });
  }
  return rows;
}
