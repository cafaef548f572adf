import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Migrator, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationProviderFor } from "../../db/migrations";
import { seedDemoContent } from "../../db/seed";
import { migrateToLatest, openDatabase, type DB } from "~/lib/db.server";
import { copyDatabase, CopyRefused } from "../../scripts/database-copy";
import { differences } from "../../scripts/db-copy-parts/figures";
import { createDatabase, dropDatabase, newDatabaseName } from "../support/postgres-databases";

/**
 * `npm run db:copy`: a foundation's SQLite database moved into an empty PostgreSQL one,
 * every table exactly, the running totals as they were, and the next gift continuing from
 * them. Runs against the cluster named by TEST_POSTGRES_URL, with a SQLite file and
 * PostgreSQL databases of its own (not the suite's database for this file).
 */
const ADMIN_URL = process.env.TEST_POSTGRES_URL;

const folder = mkdtempSync(path.join(tmpdir(), "charity-db-copy-"));
const made: string[] = [];

async function emptyPostgres(): Promise<string> {
  const name = newDatabaseName("db_copy");
  made.push(name);
  return createDatabase(name);
}

async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const tablesOf = (url: string) =>
  onPostgres(url, async (client) =>
    (
      await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
      )
    ).rows.map((row) => row.name),
  );

const fileHash = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/**
 * A site's database with a year of demo giving, a ledger with a reversal, an appeal's gifts, a test gift and a deleted
 * one.
 */
async function foundationDatabase(file: string): Promise<void> {
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
    await db
      .insertInto("settings")
      .values({ key: "organisation_name", value: "Al-Noor Foundation", updated_at: "2026-01-01T00:00:00.000Z" })
      .execute();
    await seedDemoContent(db, { money: true });
    await db
      .insertInto("admins")
      .values({
        username: "Amina",
        password_hash: "scrypt$x",
        created_at: "2026-01-02T03:04:05.678Z",
        updated_at: "2026-01-02T03:04:05.678Z",
      })
      .execute();
    const appeal = await db.selectFrom("appeals").select("id").orderBy("id").executeTakeFirstOrThrow();
    const sadaqa = await db.selectFrom("funds").select("id").where("slug", "=", "sadaqa").executeTakeFirstOrThrow();
    const gift = {
      frequency: "One-Time" as const,
      purpose: "General Donation",
      donated_at: "2026-03-01T10:00:00.000Z",
      is_test: 0 as const,
      anonymous: 0 as const,
    };
    const none = { fee_cover_cents: 0, fee_fund_id: null, appeal_id: null };
    await db
      .insertInto("donations")
      .values([
        {
          ...gift,
          ...none,
          name: "Yusuf Ali",
          email: "yusuf@example.org",
          amount_cents: 12_345,
          fee_cover_cents: 67,
          fee_fund_id: sadaqa.id,
          receipt_token: "rcpt-live-0001",
        },
        {
          ...gift,
          ...none,
          name: "Test Donor",
          email: "test@example.org",
          amount_cents: 500,
          is_test: 1,
          receipt_token: "rcpt-test-0002",
        },
        {
          ...gift,
          ...none,
          name: "Maryam Öztürk",
          email: "",
          amount_cents: 2_500_000,
          appeal_id: appeal.id,
          anonymous: 1,
          receipt_token: null,
        },
        {
          ...gift,
          ...none,
          name: "Taken back",
          email: "gone@example.org",
          amount_cents: 100,
          receipt_token: "rcpt-gone",
        },
      ])
      .execute();
    // Deleted: its id is never given again, on either side of the move.
    await db.deleteFrom("donations").where("receipt_token", "=", "rcpt-gone").execute();
  } finally {
    await db.destroy();
  }
}

/** A database made by an older version of the site: its migrations stop at 0019. */
async function outOfDateDatabase(file: string): Promise<void> {
  const db = openDatabase(file);
  try {
    const migrator = new Migrator({ db, provider: migrationProviderFor("sqlite") });
    const { error } = await migrator.migrateTo("0019_ramadan_nights");
    if (error) throw error;
  } finally {
    await db.destroy();
  }
}

/** Every row of every table, in a stable order, as plain values. */
async function everyRow(db: DB, tables: string[]): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    rows[table] = found.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))).sort();
  }
  return rows;
}

function describeCopy() {
  describe("npm run db:copy", () => {
    const source = path.join(folder, "charity.sqlite");
    let target = "";
    const lines: string[] = [];
    let sourceHash = "";
    let tables: string[] = [];

    beforeAll(async () => {
      await foundationDatabase(source);
      sourceHash = fileHash(source);
      target = await emptyPostgres();
      await copyDatabase({ from: `file:${source}`, to: target, log: (line) => lines.push(line) });
      tables = (await tablesOf(target)).filter((name) => !name.startsWith("kysely_migration"));
    }, 60_000);

    afterAll(async () => {
      for (const name of made) await dropDatabase(name);
      rmSync(folder, { recursive: true, force: true });
    });

    it("copies every table of the site, row for row and value for value, and only reads the source", async () => {
      expect(fileHash(source)).toBe(sourceHash);
      const sqlite = new SQLite(source, { readonly: true });
      const sourceTables = (
        sqlite
          .prepare(`select name from sqlite_master where type = 'table' and sql not like 'CREATE VIRTUAL%'`)
          .all() as { name: string }[]
      )
        .map((row) => row.name)
        .filter((name) => !/^(sqlite_|kysely_migration)|_search(_|$)/.test(name))
        .sort();
      sqlite.close();
      expect(tables).toEqual(sourceTables);
      expect(tables).toEqual(
        expect.arrayContaining([
          "donations",
          "donors",
          "donation_totals",
          "funds",
          "fund_daily_receipts",
          "appeal_totals",
          "disbursements",
        ]),
      );

      const from = openDatabase(source);
      const to = openDatabase(target, 1);
      try {
        const [expected, copied] = [await everyRow(from, tables), await everyRow(to, tables)];
        for (const table of tables) expect({ table, rows: copied[table] }).toEqual({ table, rows: expected[table] });
        // The gifts' own ids, cents, dates and receipt keys, as the demo and the tests made them.
        const gifts = await to
          .selectFrom("donations")
          .select(["id", "amount_cents", "fee_cover_cents", "donated_at", "receipt_token", "is_test"])
          .where("donated_at", "=", "2026-03-01T10:00:00.000Z")
          .orderBy("id")
          .execute();
        expect(
          gifts.map((gift) => [gift.amount_cents, gift.fee_cover_cents, gift.receipt_token, gift.is_test]),
        ).toEqual([
          [12_345, 67, "rcpt-live-0001", 0],
          [500, 0, "rcpt-test-0002", 1],
          [2_500_000, 0, null, 0],
        ]);
        const reversal = await to
          .selectFrom("disbursements")
          .select(["id", "reverses_id"])
          .where("kind", "=", "reversal")
          .executeTakeFirstOrThrow();
        expect(reversal.reverses_id).toBeLessThan(reversal.id);
      } finally {
        await from.destroy();
        await to.destroy();
      }
      expect(lines.at(-1)).toMatch(
        /^Copied \d+ tables, [\d,]+ rows in [\d.]+ s; every table's row count and the sum of each of its \d+ money columns are the same/,
      );
      expect(lines.some((line) => /^\s+donations\s+[\d,]+ rows\s+amount_cents \$[\d,]+\.\d\d/.test(line))).toBe(true);
    });

    it("leaves the schema as the site's migrations make it: every index built again, every trigger on", async () => {
      const fresh = await emptyPostgres();
      const db = openDatabase(fresh, 1);
      await migrateToLatest(db).finally(() => db.destroy());
      const shape = (url: string) =>
        onPostgres(url, async (client) => ({
          indexes: (
            await client.query(`select indexdef from pg_indexes where schemaname = current_schema() order by indexname`)
          ).rows,
          triggers: (
            await client.query(
              `select c.relname, t.tgname, t.tgenabled from pg_trigger t join pg_class c on c.oid = t.tgrelid
               where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace order by 1, 2`,
            )
          ).rows,
        }));
      const [copied, migrated] = [await shape(target), await shape(fresh)];
      expect(copied.indexes.length).toBeGreaterThan(40);
      expect(copied.triggers.length).toBeGreaterThan(20);
      expect(copied.triggers.every((trigger) => trigger.tgenabled === "O")).toBe(true);
      expect(copied).toEqual(migrated);
    });

    it("continues the ids after the copied ones (and the deleted one) and the totals from the copied figures, triggers on again", async () => {
      const db = openDatabase(target, 1);
      try {
        const sqlite = new SQLite(source, { readonly: true });
        const given = (
          sqlite.prepare(`select seq from sqlite_sequence where name = 'donations'`).get() as { seq: number }
        ).seq;
        const highest = (sqlite.prepare(`select max(id) as id from donations`).get() as { id: number }).id;
        sqlite.close();
        expect(given).toBeGreaterThan(highest);

        const sadaqa = await db
          .selectFrom("funds")
          .select(["id", "received_cents", "gift_count"])
          .where("slug", "=", "sadaqa")
          .executeTakeFirstOrThrow();
        const totals = await db
          .selectFrom("donation_totals")
          .selectAll()
          .where("is_test", "=", 0)
          .executeTakeFirstOrThrow();
        const gift = await db
          .insertInto("donations")
          .values({
            name: "First on PostgreSQL",
            email: "first@example.org",
            amount_cents: 4_200,
            frequency: "One-Time",
            purpose: "General Donation",
            fund_id: sadaqa.id,
            donated_at: "2026-11-25T12:00:00.000Z",
            receipt_token: "rcpt-pg-1",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(gift.id).toBe(given + 1);

        const fund = await db
          .selectFrom("funds")
          .select(["received_cents", "gift_count"])
          .where("id", "=", sadaqa.id)
          .executeTakeFirstOrThrow();
        expect(fund).toEqual({ received_cents: sadaqa.received_cents + 4_200, gift_count: sadaqa.gift_count + 1 });
        const after = await db
          .selectFrom("donation_totals")
          .selectAll()
          .where("is_test", "=", 0)
          .executeTakeFirstOrThrow();
        expect(after).toEqual({
          ...totals,
          total_cents: totals.total_cents + 4_200,
          gift_count: totals.gift_count + 1,
          donor_count: totals.donor_count + 1,
        });

        const story = await db
          .insertInto("stories")
          .values({ title: "After the move", summary: "s", content: "c" })
          .returning("id")
          .executeTakeFirstOrThrow();
        const stories = await db
          .selectFrom("stories")
          .select((eb) => eb.fn.max("id").as("id"))
          .where("id", "<", story.id)
          .executeTakeFirstOrThrow();
        expect(story.id).toBe(Number(stories.id) + 1);
      } finally {
        await db.destroy();
      }
    });

    it("refuses a target that is not empty, and leaves it as it was", async () => {
      const count = () =>
        onPostgres(
          target,
          async (client) => (await client.query(`select count(*)::int as n from donations`)).rows[0].n as number,
        );
      const before = await count();
      await expect(copyDatabase({ from: `file:${source}`, to: target, log: () => {} })).rejects.toThrow(
        /is not empty \(it holds the tables [a-z_, ]+ and \d+ more\).*Nothing was changed/,
      );
      expect(await count()).toBe(before);

      const other = await emptyPostgres();
      await onPostgres(other, (client) =>
        client.query(`create table notes (body text); insert into notes values ('keep me')`),
      );
      const refusal = copyDatabase({ from: `file:${source}`, to: other, log: () => {} });
      await expect(refusal).rejects.toBeInstanceOf(CopyRefused);
      await expect(refusal).rejects.toThrow(/holds the tables notes\).*Nothing was changed/);
      expect(await tablesOf(other)).toEqual(["notes"]);
      expect(await onPostgres(other, async (client) => (await client.query(`select body from notes`)).rows)).toEqual([
        { body: "keep me" },
      ]);
    });

    it("copies a message holding a NUL character, which SQLite kept and PostgreSQL text cannot hold, as U+FFFD", async () => {
      const file = path.join(folder, "nul.sqlite");
      const db = openDatabase(file);
      try {
        await migrateToLatest(db);
        await db
          .insertInto("contact_submissions")
          .values({
            name: "Spam\u0000bot",
            email: "spam@example.org",
            message: "hello\u0000world",
            submitted_at: "2026-02-01T00:00:00.000Z",
          })
          .execute();
      } finally {
        await db.destroy();
      }
      const empty = await emptyPostgres();
      await copyDatabase({ from: `file:${file}`, to: empty, log: () => {} });
      const rows = await onPostgres(
        empty,
        async (client) => (await client.query(`select name, message from contact_submissions`)).rows,
      );
      expect(rows).toEqual([{ name: "Spam\uFFFDbot", message: "hello\uFFFDworld" }]);
    });

    it("refuses a source that is not up to date, and creates nothing on the target", async () => {
      const old = path.join(folder, "old.sqlite");
      await outOfDateDatabase(old);
      const empty = await emptyPostgres();
      await expect(copyDatabase({ from: `file:${old}`, to: empty, log: () => {} })).rejects.toThrow(
        /not up to date \(migrations 0020_rate_limits, 0021_keyset_indexes, 0022_list_counts, 0023_two_letter_search, 0024_subscription_totals, 0025_total_raised_source(, \d{4}_\w+)* have not run on it\): start the site once on it/,
      );
      expect(await tablesOf(empty)).toEqual([]);
    });

    it("refuses what is not a SQLite file or not a postgres:// URL", async () => {
      const text = path.join(folder, "notes.txt");
      writeFileSync(text, "not a database, though long enough to have a header\n");
      const empty = await emptyPostgres();
      const copy = (from: string, to: string) => copyDatabase({ from, to, log: () => {} });
      await expect(copy(`file:${text}`, empty)).rejects.toThrow(/notes\.txt is not a SQLite database/);
      await expect(copy(`file:${path.join(folder, "missing.sqlite")}`, empty)).rejects.toThrow(
        /missing\.sqlite does not exist/,
      );
      await expect(copy("mysql://user@host/charity", empty)).rejects.toThrow(
        /neither a SQLite file .* nor a postgres:\/\/ URL/,
      );
      await expect(copy(`file:${source}`, `file:${path.join(folder, "copy.sqlite")}`)).rejects.toThrow(
        /is not a postgres:\/\/ URL/,
      );
      expect(await tablesOf(empty)).toEqual([]);
    });

    it("names every difference in rows and money between the source and the copy", () => {
      const source = [{ table: "donations", rows: 3n, cents: { amount_cents: 1_000n, fee_cover_cents: 0n } }];
      expect(
        differences(source, [{ table: "donations", rows: 3n, cents: { amount_cents: 1_000n, fee_cover_cents: 0n } }]),
      ).toEqual([]);
      expect(
        differences(source, [
          { table: "donations", rows: 2n, cents: { amount_cents: 990n, fee_cover_cents: 0n } },
          { table: "extra", rows: 0n, cents: {} },
        ]),
      ).toEqual([
        "donations: 3 rows in the source, 2 in the copy",
        "donations.amount_cents: sums to 1000 in the source, 990 in the copy",
        "extra: in the copy only",
      ]);
    });
  });
}

if (ADMIN_URL) {
  describeCopy();
} else {
  describe("npm run db:copy", () => {
    it("is not checked here: PostgreSQL was not configured (set TEST_POSTGRES_URL to an admin URL of a cluster)", () => {
      rmSync(folder, { recursive: true, force: true });
      expect(process.env.TEST_POSTGRES_URL ?? "").toBe("");
    });
  });
}
