import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { containedInAny } from "~/lib/text-search.server";
import { PAIRED_COLUMNS } from "../../db/migrations/0023_two_letter_search";

/**
 * On PostgreSQL every staff search is served by an index of each searched column: its
 * trigrams for three letters or more, its letter pairs for two (migration 0023). Only the
 * bench would notice if the SQL the lists write stopped matching the indexes' expressions,
 * so each column's plan is read here, with every way of reading but a bitmap scan turned off: a
 * search the indexes cannot serve then still plans as a scan of the table, and the test fails.
 */
const onPostgres = process.env.TEST_DATABASE_ENGINE === "postgres";

/** The plan PostgreSQL makes for "rows of `table` whose `column` holds `term`". */
async function planOf(table: string, column: string, term: string): Promise<string> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // Only bitmap scans remain, the one way a GIN index is read: on a table this small the
      // planner would otherwise read a B-tree index whole, or the table itself.
      for (const scan of ["enable_seqscan", "enable_indexscan", "enable_indexonlyscan"])
        await sql`select set_config(${scan}, 'off', true)`.execute(trx);
      const query = trx
        .selectFrom(table as "donations")
        .select(sql`1`.as("one"))
        .where(containedInAny([sql.ref(`${table}.${column}`)], term));
      const rows = await query.explain();
      return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
    });
}

if (onPostgres) {
  describe("the searches' indexes on PostgreSQL", () => {
    it.each(PAIRED_COLUMNS)(
      "finds two letters in the $column of $table through its pairs index, three through its trigrams",
      async ({ table, column }) => {
        expect(await planOf(table, column, "zq")).toContain(`${table}_${column}_pairs`);
        expect(await planOf(table, column, "khan")).toContain(`${table}_${column}_trgm`);
      },
    );

    it("looks up a whole address by the part before its @, and checks the rest on the rows found", async () => {
      const plan = await planOf("donations", "email", "aisha.khan.1234@example.org");
      expect(plan).toContain("donations_email_trgm");
      // The index is asked for the rare part only: the domain's trigrams are shared by most rows.
      expect(plan).toContain("'%aisha.khan.1234%'");
      expect(plan).toContain("strpos");
    });
  });
} else {
  describe("the searches' indexes on PostgreSQL", () => {
    it("are not checked here: this pass runs on SQLite, whose searches go through FTS5 tables instead", () => {
      expect(onPostgres).toBe(false);
    });
  });
}
