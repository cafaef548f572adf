import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { databaseFilePath } from "~/lib/env.server";
import { recordAudit } from "~/staff/audit/index.server";
import { testEngine } from "../../../../tests/support/database-engine";
import { caseWithEverything, draftFor, KEY_A, signInsFor, useKeys } from "./privacy-fixtures";

/**
 * Issue 31's "done": the database shows no applicant's name, email or phone in plain text, wherever the case has
 * been (its record, match keys, messages, documents, payments, mail, a draft, sign-ins and the audit trail).
 */
const NAME = "Amina Yusuf";
const EMAIL = "amina.applicant@example.org";
const PHONE = "07700 900123";

/** Whether the text is anywhere the database keeps data: the SQLite file's bytes, or any row of PostgreSQL's tables. */
async function storedAnywhere(text: string): Promise<boolean> {
  const db = getDb();
  if (testEngine() === "postgres") {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'
    `.execute(db);
    for (const { table_name } of rows) {
      const found = await sql<{ found: number }>`
        select 1 as found from ${sql.table(table_name)} as t where t::text like ${`%${text}%`} limit 1
      `.execute(db);
      if (found.rows.length) return true;
    }
    return false;
  }
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const file = databaseFilePath();
  return Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`)]).includes(Buffer.from(text));
}

beforeEach(() => useKeys({ DATA_ENCRYPTION_KEY: KEY_A }));

describe("an applicant's personal data on disk", () => {
  it("is nowhere in plain text, though their case has a row in every table", async () => {
    const { ref } = await caseWithEverything(EMAIL);
    await draftFor(EMAIL);
    await signInsFor(EMAIL);
    // A careless caller hands the audit trail whole values: it keeps the fields' names only.
    await recordAudit({
      action: "update",
      entity: "application",
      entityId: ref,
      summary: `Application ${ref}: contact details changed`,
      before: { name: "Someone Else", phone: "0000 000000" },
      after: { name: NAME, phone: PHONE },
      actor: { id: null, name: "caseworker" },
    });
    const entry = await getDb()
      .selectFrom("audit_entries")
      .select("changes")
      .where("entity", "=", "application")
      .where("entity_id", "=", ref)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes)).toEqual({ fields: [null, ["name", "phone"]] });

    for (const text of [NAME, EMAIL, PHONE, "Acme Lettings", "tenancy agreement", "statement-amina.pdf"])
      expect(await storedAnywhere(text), text).toBe(false);
    // The search itself finds what is there in plain text.
    expect(await storedAnywhere(ref)).toBe(true);
  });
});
