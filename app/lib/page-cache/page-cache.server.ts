import type { IncomingMessage, RequestListener } from "node:http";
import { sendPage, type CachedPage } from "./cached-page.server";
import { lookForOutsideChanges, onSiteChange } from "./site-changes.server";
import { addressKeyOf, isVisitorRead, pageKeyOf, withoutTracking } from "./visitor-request.server";

/**
 * How long a kept page is served as it is. Past that, one visitor's request renders it
 * again while the others are served the kept copy; past STALE_AFTER_MS nobody is, so a
 * gift's figure reaches every page within STALE_AFTER_MS.
 */
export const FRESH_FOR_MS = 2_000;
export const STALE_AFTER_MS = 5_000;
/** Room for the pages visitors asked for in the last few seconds, in all three encodings. */
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;
/** A page larger than this (a long list asked for whole) is rendered each time. */
const MAX_PAGE_BYTES = 1024 * 1024;
/** Addresses remembered as kept once, whose renders are shared (keys are at most 1 KiB). */
const MAX_KEEPABLE_ADDRESSES = 4_096;

/**
 * What to do with a visitor's read: serve the kept page; "render" it like any request (an
 * address never kept: a static file, a thank-you page, a 404); "render first", the others
 * asking meanwhile waiting for it; or "wait" for that render.
 */
type Decision = CachedPage | "render" | "render first" | "wait";

type Waiter = (page: CachedPage | undefined) => void;

/**
 * Public pages and API lists as every visitor sees them, kept rendered. Forgotten all at
 * once when something they show is changed (see site-writes.server.ts); otherwise
 * refreshed by the clock above. A page is rendered once however many visitors ask for it
 * at the same moment (a surge arriving when it has just been forgotten would otherwise
 * render it a hundred times at once, and hold all of them in memory), and kept only when
 * nothing changed while it was being rendered. The least recently served page goes first
 * when room runs out, and pages nobody asked for in STALE_AFTER_MS are let go.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  /** The pages being rendered for everyone, with who waits for each. */
  readonly #rendering = new Map<string, Waiter[]>();
  /** Addresses kept at least once (forgetting a page does not forget that it is one). */
  readonly #keepable = new Set<string>();
  #bytes = 0;
  #generation = 0;

  /** Changes with every forgetting: a render started under an older one is not kept. */
  get generation(): number {
    return this.#generation;
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.#pages.size, bytes: this.#bytes };
  }

  forgetAll(): void {
    this.#generation += 1;
    this.#pages.clear();
    this.#bytes = 0;
  }

  decide(key: string, isHead: boolean, now: number): Decision {
    const page = this.#pages.get(key);
    const age = page ? now - page.renderedAt : Infinity;
    if (page && age < FRESH_FOR_MS) return this.#served(key, page);
    const rendering = this.#rendering.has(key);
    if (page && age < STALE_AFTER_MS) {
      // One request renders it again; everyone else is served the kept copy meanwhile.
      if (rendering || isHead) return this.#served(key, page);
      this.#rendering.set(key, []);
      return "render first";
    }
    if (page) this.#drop(key, page);
    // A HEAD renders no body to keep, and an address never kept has nothing to wait for.
    if (isHead || !this.#keepable.has(key)) return "render";
    if (rendering) return "wait";
    this.#rendering.set(key, []);
    return "render first";
  }

  /** The page the render under way for `key` kept, when it ends (undefined if it kept none). */
  whenRendered(key: string): Promise<CachedPage | undefined> {
    const waiters = this.#rendering.get(key);
    if (!waiters) return Promise.resolve(undefined);
    return new Promise((resolve) => waiters.push(resolve));
  }

  /** The render `decide` asked for has ended, kept or not: those waiting for it go on. */
  renderEnded(key: string, now: number): void {
    const page = this.#pages.get(key);
    this.#release(key, page && now - page.renderedAt < STALE_AFTER_MS ? page : undefined);
  }

  #release(key: string, page: CachedPage | undefined): void {
    const waiters = this.#rendering.get(key);
    if (!waiters) return;
    this.#rendering.delete(key);
    for (const waiter of waiters) waiter(page);
  }

  /** A visitor's read answered with nothing to keep (a page gone, a private answer): no longer shared. */
  answeredUnkept(key: string): void {
    this.#keepable.delete(key);
  }

  /**
   * Keeps a page rendered under `generation`; false when it may already be out of date.
   * Whoever waits for this address is served it at once, before its own response is sent.
   */
  keep(key: string, page: CachedPage, generation: number): boolean {
    if (generation !== this.#generation || page.bodies.identity.length > MAX_PAGE_BYTES) {
      this.#release(key, undefined);
      return false;
    }
    const previous = this.#pages.get(key);
    if (previous) this.#drop(key, previous);
    if (this.#keepable.size >= MAX_KEEPABLE_ADDRESSES) this.#keepable.clear();
    this.#keepable.add(key);
    this.#pages.set(key, page);
    this.#bytes += sizeOf(key, page);
    for (const [oldestKey, oldest] of this.#pages) {
      if (this.#bytes <= MAX_TOTAL_BYTES) break;
      this.#drop(oldestKey, oldest);
    }
    this.#release(key, page);
    return true;
  }

  /** Lets go of pages too old to serve, so a surge's pages do not stay in memory after it. */
  sweep(now: number): void {
    for (const [key, page] of this.#pages) if (now - page.renderedAt >= STALE_AFTER_MS) this.#drop(key, page);
  }

  #served(key: string, page: CachedPage): CachedPage {
    // Served last, so let go last.
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return page;
  }

  #drop(key: string, page: CachedPage): void {
    this.#pages.delete(key);
    this.#bytes -= sizeOf(key, page);
  }
}

/** What a kept page holds: its bodies and its address (two bytes a character). */
function sizeOf(key: string, page: CachedPage): number {
  return page.bytes + key.length * 2;
}

/** The process's cache, emptied whenever what visitors see changes. */
export const pageCache = new PageCache();
onSiteChange(() => pageCache.forgetAll());
setInterval(() => pageCache.sweep(Date.now()), STALE_AFTER_MS).unref();

/**
 * The server's first step for every request: a visitor's read of a kept page is answered
 * here, before Express, with the bytes made when it was rendered; anything else goes on
 * to `app`. A visitor asking for a page being rendered for everyone waits for that render.
 */
export function withKeptPages(app: RequestListener, trustProxy: boolean): RequestListener {
  const handle: RequestListener = (req, res) => {
    if (!isVisitorRead(req.method ?? "", req.headers.cookie, req.headers.authorization)) return app(req, res);
    req.url = withoutTracking(req.url ?? "/");
    const key = addressKeyOf(req, trustProxy);
    if (key === undefined) return app(req, res);
    lookForOutsideChanges();
    const decision = pageCache.decide(key, req.method === "HEAD", Date.now());
    if (decision === "render") return app(req, res);
    if (decision === "render first") {
      res.once("close", () => pageCache.renderEnded(key, Date.now()));
      return app(req, res);
    }
    if (decision === "wait") {
      // Asked again once it ends: served what it kept, or (kept nothing) decided anew.
      void pageCache.whenRendered(key).then((page) => {
        if (res.destroyed) return;
        if (page) sendPage(req, res, page);
        else handle(req, res);
      });
      return;
    }
    sendPage(req, res, decision);
  };
  return handle;
}

/** What the app's side needs to keep what it renders for a visitor: where, and under which generation. */
export interface VisitorRender {
  key: string;
  generation: number;
  startedAt: number;
}

export function visitorRenderOf(req: IncomingMessage, trustProxy: boolean): VisitorRender | undefined {
  const key = pageKeyOf(req, trustProxy);
  return key === undefined ? undefined : { key, generation: pageCache.generation, startedAt: Date.now() };
}
