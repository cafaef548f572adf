import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";

/**
 * Issue 31: a deleted row (an applicant's erased data, a used sign-in link) leaves nothing readable in the SQLite
 * file: every connection the site opens zeroes freed pages (`secure_delete`). The same steps on a connection
 * without it find the deleted text in the file, so the check can fail. SQLite's own files, whatever engine the
 * run's site uses.
 */
const folder = mkdtempSync(path.join(tmpdir(), "secure-delete-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const MARKER = "applicant-marker-7f3a9c-Fatima-Rahman-fatima@example.org";

function fileHolds(file: string, text: string): boolean {
  const wal = (() => {
    try {
      return readFileSync(`${file}-wal`);
    } catch {
      return Buffer.alloc(0);
    }
  })();
  return Buffer.concat([readFileSync(file), wal]).includes(Buffer.from(text));
}

describe("SQLite's freed pages", () => {
  it("hold nothing of a deleted row on the site's connections", async () => {
    const file = path.join(folder, "site.sqlite");
    const db = openDatabase(file);
    try {
      const { rows } = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(db);
      expect(rows[0]!.secure_delete).toBe(1);
      await sql`create table people (id integer primary key, details text not null)`.execute(db);
      await sql`insert into people (details) values (${"someone else"}), (${MARKER}), (${"a third"})`.execute(db);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      expect(fileHolds(file, MARKER)).toBe(true);
      await sql`delete from people where details = ${MARKER}`.execute(db);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      expect(fileHolds(file, MARKER)).toBe(false);
      expect(fileHolds(file, "someone else")).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it("keep a deleted row's text without secure_delete (the check above can fail)", () => {
    const file = path.join(folder, "plain.sqlite");
    const plain = new SQLite(file);
    try {
      plain.pragma("journal_mode = WAL");
      plain.pragma("secure_delete = OFF");
      plain.exec("create table people (id integer primary key, details text not null)");
      const insert = plain.prepare("insert into people (details) values (?)");
      for (const details of ["someone else", MARKER, "a third"]) insert.run(details);
      plain.pragma("wal_checkpoint(TRUNCATE)");
      plain.prepare("delete from people where details = ?").run(MARKER);
      plain.pragma("wal_checkpoint(TRUNCATE)");
      expect(fileHolds(file, MARKER)).toBe(true);
    } finally {
      plain.close();
    }
  });
});
