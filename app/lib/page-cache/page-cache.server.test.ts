import { describe, expect, it } from "vitest";
import type { CachedPage } from "./cached-page.server";
import { FRESH_FOR_MS, PageCache, pageCache, STALE_AFTER_MS } from "./page-cache.server";
import { noteSiteChange } from "./site-changes.server";

const MiB = 1024 * 1024;

/** A kept page as the cache sees it: only its time, its size and its plain body's length matter here. */
function pageAt(renderedAt: number, { bytes = 1_000, plainLength = 300 } = {}): CachedPage {
  const identity = Buffer.alloc(plainLength, "a");
  return {
    status: 200,
    etag: `W/"${renderedAt}-${bytes}"`,
    renderedAt,
    bytes,
    bodies: { br: Buffer.alloc(0), gzip: Buffer.alloc(0), identity },
    headers: { br: [], gzip: [], identity: [] },
    notModifiedHeaders: [],
  };
}

/** Keeps a page under an address, as the app does after its first render there. */
function keptOnce(cache: PageCache, key: string, page: CachedPage): void {
  expect(cache.keep(key, page, cache.generation)).toBe(true);
}

describe("the page cache", () => {
  it("renders what it has never kept, then serves what it kept", () => {
    const cache = new PageCache();
    expect(cache.decide("http|h|/", false, 0)).toBe("render");
    const page = pageAt(0);
    keptOnce(cache, "http|h|/", page);
    expect(cache.decide("http|h|/", false, 10)).toBe(page);
    expect(cache.decide("http|h|/about", false, 10)).toBe("render");
    expect(cache.size).toEqual({ pages: 1, bytes: 1_000 + "http|h|/".length * 2 });
  });

  it("refuses a page rendered before the last forgetting, forgets everything at once, and still shares the next render", () => {
    const cache = new PageCache();
    const before = cache.generation;
    cache.keep("a", pageAt(0), before);
    cache.keep("b", pageAt(0), before);
    cache.forgetAll();
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
    // Forgotten, but known to be a page: one request renders it, the others wait.
    expect(cache.decide("a", false, 1)).toBe("render first");
    expect(cache.decide("a", false, 1)).toBe("wait");
    expect(cache.keep("a", pageAt(1), before)).toBe(false);
    expect(cache.decide("a", false, 2)).toBe("render first");
    expect(cache.keep("a", pageAt(2), cache.generation)).toBe(true);
  });

  it("forgets the process's pages when the site says something changed", () => {
    const generation = pageCache.generation;
    const key = "http|h|/listening";
    pageCache.keep(key, pageAt(Date.now()), generation);
    noteSiteChange();
    expect(pageCache.generation).not.toBe(generation);
    expect(pageCache.decide(key, false, Date.now())).toBe("render first");
    pageCache.renderEnded(key, Date.now());
  });

  it("serves a fresh page as it is, lets one request refresh an older one while the others are served, and drops a stale one", () => {
    const cache = new PageCache();
    const page = pageAt(1_000);
    keptOnce(cache, "k", page);
    expect(cache.decide("k", false, 1_000 + FRESH_FOR_MS - 1)).toBe(page);
    expect(cache.decide("k", false, 1_000 + FRESH_FOR_MS)).toBe("render first");
    // While that one renders, everyone else is served the kept copy.
    expect(cache.decide("k", false, 1_000 + FRESH_FOR_MS + 1)).toBe(page);
    expect(cache.decide("k", false, 1_000 + STALE_AFTER_MS - 1)).toBe(page);
    // The refresh ended without keeping anything: the next request may try again.
    cache.renderEnded("k", 1_000 + STALE_AFTER_MS - 1);
    expect(cache.decide("k", false, 1_000 + STALE_AFTER_MS - 1)).toBe("render first");
    cache.renderEnded("k", 1_000 + STALE_AFTER_MS - 1);
    // Past the stale bound nobody is served it.
    expect(cache.decide("k", false, 1_000 + STALE_AFTER_MS)).toBe("render first");
    expect(cache.size.pages).toBe(0);
  });

  it("renders a page once however many ask at the same moment: the others are served what it kept as soon as it is kept", async () => {
    const cache = new PageCache();
    keptOnce(cache, "k", pageAt(0));
    cache.forgetAll();
    expect(cache.decide("k", false, 10)).toBe("render first");
    expect(cache.decide("k", false, 11)).toBe("wait");
    expect(cache.decide("k", false, 12)).toBe("wait");
    const waiting = [cache.whenRendered("k"), cache.whenRendered("k")];
    const page = pageAt(10);
    cache.keep("k", page, cache.generation);
    expect(await Promise.all(waiting)).toEqual([page, page]);
    expect(cache.decide("k", false, 13)).toBe(page);
  });

  it("lets those waiting go on their own when the render kept nothing, and then renders that address freely", async () => {
    const cache = new PageCache();
    keptOnce(cache, "gone", pageAt(0));
    cache.forgetAll();
    expect(cache.decide("gone", false, 1)).toBe("render first");
    expect(cache.decide("gone", false, 1)).toBe("wait");
    const waiting = cache.whenRendered("gone");
    cache.answeredUnkept("gone");
    cache.renderEnded("gone", 5);
    expect(await waiting).toBeUndefined();
    expect(cache.decide("gone", false, 6)).toBe("render");
    expect(cache.decide("gone", false, 6)).toBe("render");
  });

  it("lets go of pages too old to serve, so a surge's pages leave memory after it", () => {
    const cache = new PageCache();
    keptOnce(cache, "old", pageAt(0, { bytes: 400 }));
    keptOnce(cache, "new", pageAt(4_000, { bytes: 600 }));
    cache.sweep(STALE_AFTER_MS);
    expect(cache.size).toEqual({ pages: 1, bytes: 600 + "new".length * 2 });
  });

  it("refreshes within STALE_AFTER_MS of a render, so a gift's figure reaches every visitor by then", () => {
    expect(FRESH_FOR_MS).toBeLessThan(STALE_AFTER_MS);
    expect(STALE_AFTER_MS).toBeLessThanOrEqual(5_000);
  });

  it("never lets a HEAD request refresh a page or hold others up (it renders no body to keep)", () => {
    const cache = new PageCache();
    const page = pageAt(0);
    keptOnce(cache, "k", page);
    expect(cache.decide("k", true, FRESH_FOR_MS + 100)).toBe(page);
    expect(cache.decide("k", true, STALE_AFTER_MS - 1)).toBe(page);
    expect(cache.decide("k", true, STALE_AFTER_MS)).toBe("render");
    expect(cache.decide("k", true, STALE_AFTER_MS)).toBe("render");
  });

  it("a kept replacement takes the old page's place and room", () => {
    const cache = new PageCache();
    keptOnce(cache, "k", pageAt(0, { bytes: 500 }));
    const newer = pageAt(FRESH_FOR_MS, { bytes: 700 });
    keptOnce(cache, "k", newer);
    expect(cache.size).toEqual({ pages: 1, bytes: 702 });
    expect(cache.decide("k", false, FRESH_FOR_MS + 1)).toBe(newer);
  });

  it("renders each time a page too large to keep", () => {
    const cache = new PageCache();
    expect(cache.keep("big", pageAt(0, { plainLength: MiB + 1, bytes: MiB + 1 }), cache.generation)).toBe(false);
    expect(cache.decide("big", false, 1)).toBe("render");
    expect(cache.keep("edge", pageAt(0, { plainLength: MiB, bytes: MiB }), cache.generation)).toBe(true);
  });

  it("makes room by dropping the least recently served pages first", () => {
    const cache = new PageCache();
    const generation = cache.generation;
    // Two pages of 3 MiB fit (8 MiB): each one after that pushes one out.
    cache.keep("first", pageAt(0, { bytes: 3 * MiB }), generation);
    cache.keep("second", pageAt(0, { bytes: 3 * MiB }), generation);
    // "first" is served again, so "second" is now the least recently served.
    expect(cache.decide("first", false, 1)).toBeTypeOf("object");
    cache.keep("third", pageAt(0, { bytes: 3 * MiB }), generation);
    expect(cache.size.pages).toBe(2);
    expect(cache.decide("second", false, 2)).toBe("render first");
    expect(cache.decide("first", false, 2)).toBeTypeOf("object");
    expect(cache.decide("third", false, 2)).toBeTypeOf("object");

    // Served in the order first, third, first: the next newcomer pushes out "third".
    cache.decide("first", false, 3);
    cache.keep("fourth", pageAt(0, { bytes: 3 * MiB }), generation);
    expect(cache.decide("third", false, 4)).toBe("render first");
    expect(cache.decide("first", false, 4)).toBeTypeOf("object");
    expect(cache.decide("fourth", false, 4)).toBeTypeOf("object");
    expect(cache.size.bytes).toBeLessThanOrEqual(8 * MiB);
  });
});
