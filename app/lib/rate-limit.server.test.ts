import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

/** A limiter on a clock the test moves by hand. */
function limiterWithClock(limit: number, windowMs: number) {
  const clock = { now: 1_000_000 };
  return { limiter: new RateLimiter(limit, windowMs, () => clock.now), clock };
}

/** One attempt as callers make it: refused while retryAfter says wait, otherwise counted. */
function attempt(limiter: RateLimiter, key: string): boolean {
  if (limiter.retryAfter(key) > 0) return false;
  limiter.hit(key);
  return true;
}

/** How many attempts in a row go through before the first refusal (at most `max`). */
function allowedInARow(limiter: RateLimiter, key: string, max = 100): number {
  let allowed = 0;
  while (allowed < max && attempt(limiter, key)) allowed += 1;
  return allowed;
}

describe("RateLimiter", () => {
  it("allows exactly the limit, then refuses with the seconds left in the window", () => {
    const { limiter, clock } = limiterWithClock(3, 60_000);
    expect(allowedInARow(limiter, "k")).toBe(3);
    expect(limiter.retryAfter("k")).toBe(60);
    clock.now += 30_000;
    expect(attempt(limiter, "k")).toBe(false);
    expect(limiter.retryAfter("k")).toBe(30);
    clock.now += 29_500;
    expect(limiter.retryAfter("k")).toBe(1); // rounded up, never 0 while still refused
  });

  it("counts each key apart", () => {
    const { limiter } = limiterWithClock(2, 60_000);
    expect(allowedInARow(limiter, "a")).toBe(2);
    expect(attempt(limiter, "a")).toBe(false);
    expect(allowedInARow(limiter, "b")).toBe(2);
  });

  it("opens a fresh window once the old one ends, with the whole limit again", () => {
    const { limiter, clock } = limiterWithClock(2, 60_000);
    expect(allowedInARow(limiter, "k")).toBe(2);
    clock.now += 59_999;
    expect(attempt(limiter, "k")).toBe(false);
    clock.now += 1;
    expect(limiter.retryAfter("k")).toBe(0);
    expect(allowedInARow(limiter, "k")).toBe(2);
    expect(limiter.retryAfter("k")).toBe(60);
  });

  it("a refund gives back exactly one attempt", () => {
    const { limiter } = limiterWithClock(3, 60_000);
    expect(allowedInARow(limiter, "k")).toBe(3);
    expect(attempt(limiter, "k")).toBe(false);

    limiter.refund("k");
    expect(attempt(limiter, "k")).toBe(true);
    expect(attempt(limiter, "k")).toBe(false);

    limiter.refund("k");
    limiter.refund("k");
    expect(allowedInARow(limiter, "k")).toBe(2);
  });

  it("a refund does not move the window's end, and refunds below nothing are not saved up", () => {
    const { limiter, clock } = limiterWithClock(2, 60_000);
    limiter.hit("k");
    clock.now += 40_000;
    limiter.refund("k");
    limiter.refund("k");
    limiter.refund("k");
    // Three refunds of one hit leave the plain limit, not five attempts.
    expect(allowedInARow(limiter, "k")).toBe(2);
    expect(limiter.retryAfter("k")).toBe(20);
    // Refunding a key never hit gives it nothing extra either.
    limiter.refund("fresh");
    expect(allowedInARow(limiter, "fresh")).toBe(2);
  });

  it("a reset gives the key its whole limit back at once, and only that key", () => {
    const { limiter } = limiterWithClock(3, 60_000);
    expect(allowedInARow(limiter, "k")).toBe(3);
    expect(allowedInARow(limiter, "other")).toBe(3);
    expect(attempt(limiter, "k")).toBe(false);

    limiter.reset("k");
    expect(limiter.retryAfter("k")).toBe(0);
    expect(allowedInARow(limiter, "k")).toBe(3);
    expect(attempt(limiter, "k")).toBe(false);
    expect(attempt(limiter, "other")).toBe(false);
  });

  it("after a reset the next window starts with the next attempt, not the old window's end", () => {
    const { limiter, clock } = limiterWithClock(1, 60_000);
    expect(attempt(limiter, "k")).toBe(true);
    clock.now += 50_000;
    limiter.reset("k");
    expect(attempt(limiter, "k")).toBe(true);
    expect(limiter.retryAfter("k")).toBe(60);
  });
});
