import { sql } from "kysely";
import { getDb } from "./db.server";

/**
 * A fixed-window counter per key (what is limited and who, e.g. `sign-in-address|1.2.3.4`),
 * kept in the database (table rate_limits) so that every app process counts against one
 * allowance. Each step is one statement, so two processes taking the last attempt at once
 * cannot both have it.
 */
export class RateLimiter {
  #takes = 0;

  constructor(
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  #key(key: string): string {
    return `${this.name}|${key}`;
  }

  #secondsUntil(resetsAt: string): number {
    return Math.max(1, Math.ceil((Date.parse(resetsAt) - this.now()) / 1000));
  }

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  async retryAfter(key: string): Promise<number> {
    const row = await getDb()
      .selectFrom("rate_limits")
      .select(["hits", "resets_at"])
      .where("key", "=", this.#key(key))
      .executeTakeFirst();
    if (!row || Date.parse(row.resets_at) <= this.now()) return 0;
    return row.hits >= this.limit ? this.#secondsUntil(row.resets_at) : 0;
  }

  /**
   * Counts one attempt if the key is under its limit and returns 0; otherwise counts
   * nothing and returns the seconds until it may try again. (The count stops one past the
   * limit, which marks a refused attempt without saving refusals up.)
   */
  async take(key: string): Promise<number> {
    const now = new Date(this.now()).toISOString();
    const resetsAt = new Date(this.now() + this.windowMs).toISOString();
    const row = await getDb()
      .insertInto("rate_limits")
      .values({ key: this.#key(key), hits: 1, resets_at: resetsAt })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet({
          hits: sql<number>`case when rate_limits.resets_at <= ${now} then 1
                                 when rate_limits.hits <= ${this.limit} then rate_limits.hits + 1
                                 else rate_limits.hits end`,
          resets_at: sql<string>`case when rate_limits.resets_at <= ${now} then excluded.resets_at else rate_limits.resets_at end`,
        }),
      )
      .returning(["hits", "resets_at"])
      .executeTakeFirstOrThrow();
    if ((this.#takes += 1) % 500 === 0) await this.#forgetEndedWindows(now);
    return row.hits > this.limit ? this.#secondsUntil(row.resets_at) : 0;
  }

  /** Takes back one counted attempt (one that turned out to be legitimate). */
  async refund(key: string): Promise<void> {
    await getDb()
      .updateTable("rate_limits")
      .set({ hits: sql<number>`case when hits > ${this.limit} then ${this.limit - 1} else hits - 1 end` })
      .where("key", "=", this.#key(key))
      .where("hits", ">", 0)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await getDb().deleteFrom("rate_limits").where("key", "=", this.#key(key)).execute();
  }

  // Old windows are dropped now and then, so the table stays the size of the active clients.
  async #forgetEndedWindows(now: string): Promise<void> {
    await getDb().deleteFrom("rate_limits").where("resets_at", "<=", now).execute();
  }
}
