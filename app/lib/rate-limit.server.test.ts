import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter", () => {
  it("blocks after the limit until the window ends", () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    limiter.hit("k");
    expect(limiter.retryAfter("k")).toBe(0);
    limiter.hit("k");
    expect(limiter.retryAfter("k")).toBe(60);
    expect(limiter.retryAfter("other")).toBe(0);
    now = 30_000;
    expect(limiter.retryAfter("k")).toBe(30);
    now = 60_000;
    expect(limiter.retryAfter("k")).toBe(0);
  });

  it("takes back a refunded hit", () => {
    const limiter = new RateLimiter(2, 1000);
    limiter.hit("k");
    limiter.hit("k");
    limiter.refund("k");
    expect(limiter.retryAfter("k")).toBe(0);
  });

  it("forgets a key on reset", () => {
    const limiter = new RateLimiter(1, 1000);
    limiter.hit("k");
    limiter.reset("k");
    expect(limiter.retryAfter("k")).toBe(0);
  });
});
