import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { RateLimiter } from "~/lib/rate-limit.server";

/** A limiter on a clock the test moves by hand, with a name of its own (the table is shared). */
let limiters = 0;
function limiterWithClock(limit: number, windowMs: number) {
  const clock = { now: Date.parse("2026-03-01T12:00:00.000Z") };
  return { limiter: new RateLimiter(`test-${(limiters += 1)}`, limit, windowMs, () => clock.now), clock };
}

/** One attempt as callers make it: counted and let through, or refused. */
async function attempt(limiter: RateLimiter, key: string): Promise<boolean> {
  return (await limiter.take(key)) === 0;
}

/** How many attempts in a row go through before the first refusal (at most `max`). */
async function allowedInARow(limiter: RateLimiter, key: string, max = 100): Promise<number> {
  let allowed = 0;
  while (allowed < max && (await attempt(limiter, key))) allowed += 1;
  return allowed;
}

describe("RateLimiter, kept in the database for every process", () => {
  it("allows exactly the limit, then refuses with the seconds left in the window", async () => {
    const { limiter, clock } = limiterWithClock(3, 60_000);
    expect(await allowedInARow(limiter, "k")).toBe(3);
    expect(await limiter.retryAfter("k")).toBe(60);
    clock.now += 30_000;
    expect(await attempt(limiter, "k")).toBe(false);
    expect(await limiter.retryAfter("k")).toBe(30);
    clock.now += 29_500;
    expect(await limiter.retryAfter("k")).toBe(1); // rounded up, never 0 while still refused
  });

  it("counts each key apart, and each limiter apart", async () => {
    const { limiter } = limiterWithClock(2, 60_000);
    const { limiter: another } = limiterWithClock(2, 60_000);
    expect(await allowedInARow(limiter, "a")).toBe(2);
    expect(await attempt(limiter, "a")).toBe(false);
    expect(await allowedInARow(limiter, "b")).toBe(2);
    expect(await allowedInARow(another, "a")).toBe(2);
  });

  it("opens a fresh window once the old one ends, with the whole limit again", async () => {
    const { limiter, clock } = limiterWithClock(2, 60_000);
    expect(await allowedInARow(limiter, "k")).toBe(2);
    clock.now += 59_999;
    expect(await attempt(limiter, "k")).toBe(false);
    clock.now += 1;
    expect(await limiter.retryAfter("k")).toBe(0);
    expect(await allowedInARow(limiter, "k")).toBe(2);
    expect(await limiter.retryAfter("k")).toBe(60);
  });

  it("a refund gives back exactly one attempt, however many were refused", async () => {
    const { limiter } = limiterWithClock(3, 60_000);
    expect(await allowedInARow(limiter, "k")).toBe(3);
    expect(await attempt(limiter, "k")).toBe(false);
    expect(await attempt(limiter, "k")).toBe(false);

    await limiter.refund("k");
    expect(await attempt(limiter, "k")).toBe(true);
    expect(await attempt(limiter, "k")).toBe(false);

    await limiter.refund("k");
    await limiter.refund("k");
    expect(await allowedInARow(limiter, "k")).toBe(2);
  });

  it("a refund does not move the window's end, and refunds below nothing are not saved up", async () => {
    const { limiter, clock } = limiterWithClock(2, 60_000);
    await limiter.take("k");
    clock.now += 40_000;
    await limiter.refund("k");
    await limiter.refund("k");
    await limiter.refund("k");
    // Three refunds of one hit leave the plain limit, not five attempts.
    expect(await allowedInARow(limiter, "k")).toBe(2);
    expect(await limiter.retryAfter("k")).toBe(20);
    // Refunding a key never hit gives it nothing extra either.
    await limiter.refund("fresh");
    expect(await allowedInARow(limiter, "fresh")).toBe(2);
  });

  it("a reset gives the key its whole limit back at once, and only that key", async () => {
    const { limiter } = limiterWithClock(3, 60_000);
    expect(await allowedInARow(limiter, "k")).toBe(3);
    expect(await allowedInARow(limiter, "other")).toBe(3);
    expect(await attempt(limiter, "k")).toBe(false);

    await limiter.reset("k");
    expect(await limiter.retryAfter("k")).toBe(0);
    expect(await allowedInARow(limiter, "k")).toBe(3);
    expect(await attempt(limiter, "k")).toBe(false);
    expect(await attempt(limiter, "other")).toBe(false);
  });

  it("after a reset the next window starts with the next attempt, not the old window's end", async () => {
    const { limiter, clock } = limiterWithClock(1, 60_000);
    expect(await attempt(limiter, "k")).toBe(true);
    clock.now += 50_000;
    await limiter.reset("k");
    expect(await attempt(limiter, "k")).toBe(true);
    expect(await limiter.retryAfter("k")).toBe(60);
  });

  it("never lets more than the limit through when attempts arrive all at once", async () => {
    const { limiter } = limiterWithClock(5, 60_000);
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => attempt(limiter, "k")));
    expect(outcomes.filter(Boolean)).toHaveLength(5);
  });

  it("lets ended windows go, so the table stays the size of the active clients", async () => {
    const { limiter, clock } = limiterWithClock(1, 1_000);
    for (let n = 0; n < 499; n++) await limiter.take(`gone-${n}`);
    clock.now += 5_000;
    await limiter.take("now"); // the 500th take sweeps
    const left = await getDb().selectFrom("rate_limits").select("key").where("key", "like", `${"test-"}%`).execute();
    expect(left.map((row) => row.key).filter((key) => key.includes("|gone-"))).toEqual([]);
  });
});
