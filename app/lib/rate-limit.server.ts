/**
 * A fixed-window counter kept in memory: enough for one process (the whole deployment
 * is one container). Keys name what is limited, e.g. `login:ip:1.2.3.4`.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= this.now()) return 0;
    return entry.count >= this.limit ? Math.ceil((entry.resetAt - this.now()) / 1000) : 0;
  }

  hit(key: string): void {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      this.sweep(now);
    } else {
      entry.count += 1;
    }
  }

  /** Takes back one hit (an attempt that turned out to be legitimate). */
  refund(key: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  // Old windows are dropped as new ones open, so memory stays bounded by active clients.
  private sweep(now: number): void {
    if (this.hits.size < 10_000) return;
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
