import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/lib/db.server";
import { fillLargeHistory, historySize } from "../../scripts/large-history";
import { fillPostgresGivingHistory, fillPostgresHistory, postgresNotEmpty } from "../../scripts/postgres-history";
import { createDatabase, dropDatabase, newDatabaseName } from "../support/postgres-databases";

/**
 * The bench's large history (`npm run db:fill-giving`): its sizes at each scale, and the very
 * same rows, totals and next ids on PostgreSQL as on SQLite, so the two engines' figures
 * compare. The PostgreSQL half runs against the cluster TEST_POSTGRES_URL names.
 */
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const folder = mkdtempSync(path.join(tmpdir(), "charity-large-history-"));
const made: string[] = [];

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  for (const name of made) await dropDatabase(name);
});

/** What a history holds, read alike on both engines: counts, sums of cents, highest ids. */
const FIGURES = [
  "select count(*) as n, sum(amount_cents) as cents, max(id) as top from donations",
  "select count(*) as n, sum(total_cents) as cents, count(distinct email) as top from donors",
  "select count(*) as n, sum(amount_cents) as cents, max(id) as top from disbursements",
  "select count(*) as n, sum(raised_cents) as cents, max(appeal_id) as top from appeal_totals",
  "select count(*) as n, sum(received_cents) as cents, sum(disbursed_cents) as top from funds",
  "select count(*) as n, sum(received_cents) as cents, count(distinct day) as top from fund_daily_receipts",
  "select count(*) as n, sum(resolved) as cents, max(id) as top from contact_submissions",
  "select count(*) as n, sum(amount_cents) as cents, max(id) as top from subscriptions",
  "select count(*) as n, 0 as cents, max(id) as top from newsletter_subscribers",
];
const asText = (row: Record<string, unknown>) => [row.n, row.cents, row.top].map(String).join(" ");

async function postgresFigures(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const figures: string[] = [];
    for (const query of FIGURES) figures.push(asText((await client.query(query)).rows[0]));
    return figures;
  } finally {
    await client.end();
  }
}

function sqliteFigures(file: string): string[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return FIGURES.map((query) => asText(db.prepare(query).get() as Record<string, unknown>));
  } finally {
    db.close();
  }
}

async function newPostgres(): Promise<string> {
  const name = newDatabaseName("large_history");
  made.push(name);
  return createDatabase(name);
}

describe("the large history's sizes", () => {
  it("are the long-standing bench's at scale 1 and the large foundation's at scale 10", () => {
    expect(historySize(1)).toEqual({
      scale: 1,
      donations: 100_000,
      subscriptions: 5_000,
      ledgerEntries: 20_000,
      messages: 50_000,
      volunteers: 20_000,
      subscribers: 20_000,
      appealGifts: 100_000,
    });
    expect(historySize(10)).toMatchObject({
      donations: 1_000_000,
      subscriptions: 50_000,
      ledgerEntries: 100_000,
      appealGifts: 500_000,
    });
    expect(historySize(2).ledgerEntries).toBe(20_000);
    expect(historySize(0.1)).toMatchObject({ donations: 10_000, ledgerEntries: 2_000, messages: 5_000 });
    expect(() => historySize(0)).toThrow(/positive/);
  });
});

if (ADMIN_URL) {
  describe("the large history on PostgreSQL", () => {
    it("holds the same rows, totals and ids as on SQLite, and the next gift takes the next id", async () => {
      const size = historySize(0.02);
      const file = path.join(folder, "history.sqlite");
      const url = await newPostgres();
      const onSqlite = await fillLargeHistory(file, size);
      const onPostgres = await fillPostgresHistory(url, size);

      expect(onPostgres).toEqual(onSqlite);
      const expected = sqliteFigures(file);
      // 2,000 gifts, 2,000 to the large appeal and the smaller appeals' 2,750.
      expect(expected[0]).toMatch(/^6750 \d+ 6750$/);
      expect(await postgresFigures(url)).toEqual(expected);
      const db = openDatabase(url);
      try {
        const { id } = await db
          .insertInto("newsletter_subscribers")
          .values({
            email: "next@example.org",
            subscribed_at: "2026-11-01T00:00:00.000Z",
            status: "confirmed",
            unsubscribe_token: "next-token",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(id).toBe(size.subscribers + 1);
      } finally {
        await db.destroy();
      }
    }, 60_000);

    it("goes into a freshly migrated database, and never into one that holds gifts", async () => {
      const url = await newPostgres();
      const db = openDatabase(url);
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await fillPostgresGivingHistory(url, { donations: 1_000, subscriptions: 50 });
      expect((await postgresFigures(url))[0]).toMatch(/^1000 \d+ 1000$/);
      await expect(fillPostgresGivingHistory(url, { donations: 10, subscriptions: 1 })).rejects.toThrow(
        /already holds donations/,
      );
      expect((await postgresFigures(url))[0]).toMatch(/^1000 /);
      expect(await postgresNotEmpty(url)).toMatch(/holds \d+ tables/);
      expect(await postgresNotEmpty(await newPostgres())).toBeUndefined();
    }, 60_000);
  });
} else {
  describe("the large history on PostgreSQL", () => {
    it("is not checked here: PostgreSQL was not configured (set TEST_POSTGRES_URL to an admin URL of a cluster)", () => {
      expect(process.env.TEST_POSTGRES_URL ?? "").toBe("");
    });
  });
}
