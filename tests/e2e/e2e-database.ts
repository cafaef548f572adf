import { expect } from "@playwright/test";
import SQLite from "better-sqlite3";
import pg from "pg";

/**
 * The shared end-to-end server's database, opened for one piece of work and closed again:
 * the SQLite file or the PostgreSQL database playwright.config.ts gave the server
 * (E2E_DATABASE_URL). Specs write SQL both engines read alike, with `?` for each value.
 *
 * The other worker's specs write to it at the same time, so a spec that compares a screen
 * with the database reads both while nothing moves (see `settled`), and a spec that checks
 * something before writing does both in `db.transaction(...)`, locking what it checks: on
 * SQLite the transaction holds the write lock from its start (BEGIN IMMEDIATE); on
 * PostgreSQL the rows it reads with `${db.forUpdate}` stay as read until it commits.
 */
export interface E2eDatabase {
  readonly engine: "sqlite" | "postgres";
  /** ` for update` on PostgreSQL, nothing on SQLite (whose transaction already holds every writer off). */
  readonly forUpdate: string;
  all<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  get<Row>(sql: string, params?: unknown[]): Promise<Row | undefined>;
  run(sql: string, params?: unknown[]): Promise<{ changes: number }>;
  transaction<T>(work: (db: E2eDatabase) => Promise<T>): Promise<T>;
}

/** The server's database URL: file:… or postgres://… */
export function e2eDatabaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: the end-to-end specs run through playwright.config.ts");
  return url;
}

export const onPostgres = () => /^postgres(ql)?:/i.test(e2eDatabaseUrl());

export async function withDatabase<T>(work: (db: E2eDatabase) => Promise<T>): Promise<T> {
  const url = e2eDatabaseUrl();
  return onPostgres() ? withPostgres(url, work) : withSqlite(url.replace(/^file:/i, ""), work);
}

async function withSqlite<T>(file: string, work: (db: E2eDatabase) => Promise<T>): Promise<T> {
  const sqlite = new SQLite(file);
  sqlite.pragma("busy_timeout = 5000");
  const db: E2eDatabase = {
    engine: "sqlite",
    forUpdate: "",
    all: async <Row>(text: string, params: unknown[] = []) => sqlite.prepare(text).all(...params) as Row[],
    get: async <Row>(text: string, params: unknown[] = []) => {
      const statement = sqlite.prepare(text);
      // A write with `returning` hands back its row; one without says only how many it changed.
      return (statement.reader ? statement.get(...params) : (statement.run(...params), undefined)) as Row | undefined;
    },
    run: async (text, params = []) => ({ changes: sqlite.prepare(text).run(...params).changes }),
    transaction: async (inner) => {
      sqlite.exec("begin immediate");
      try {
        const result = await inner(db);
        sqlite.exec("commit");
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec("rollback");
        throw error;
      }
    },
  };
  try {
    return await work(db);
  } finally {
    sqlite.close();
  }
}

/** Whole numbers come back as numbers, as SQLite gives them (counts and sums are bigint and numeric on PostgreSQL). */
const wholeNumbers = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 20 || oid === 1700) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format);
  },
};

async function withPostgres<T>(url: string, work: (db: E2eDatabase) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, types: wholeNumbers, application_name: "charity-e2e-spec" });
  await client.connect();
  const query = (text: string, params: unknown[]) => client.query(numberedPlaceholders(text), params);
  const db: E2eDatabase = {
    engine: "postgres",
    forUpdate: " for update",
    all: async <Row>(text: string, params: unknown[] = []) => (await query(text, params)).rows as Row[],
    get: async <Row>(text: string, params: unknown[] = []) => (await query(text, params)).rows[0] as Row | undefined,
    run: async (text, params = []) => ({ changes: (await query(text, params)).rowCount ?? 0 }),
    transaction: async (inner) => {
      await client.query("begin");
      try {
        const result = await inner(db);
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      }
    },
  };
  try {
    return await work(db);
  } finally {
    await client.end();
  }
}

/** `?` placeholders as PostgreSQL numbers them ($1, $2, …), leaving quoted text alone. */
export function numberedPlaceholders(text: string): string {
  let count = 0;
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) => (match === "?" ? `$${++count}` : match));
}

/**
 * Reads a screen's figure together with the database's mark of the same state, taking the
 * reading only when the mark is the same before and after the screen was drawn: another
 * worker recording a gift or an entry in between makes it read again. `check` states what
 * the screen must show for that state.
 */
export async function settled<Mark, Shown>(
  markOf: () => Promise<Mark>,
  read: () => Promise<Shown>,
  check: (shown: Shown, mark: Mark) => void,
): Promise<{ shown: Shown; mark: Mark }> {
  let reading: { shown: Shown; mark: Mark } | undefined;
  await expect(async () => {
    const mark = await markOf();
    const shown = await read();
    const still = await markOf();
    if (JSON.stringify(still) !== JSON.stringify(mark))
      throw new Error(
        `The database moved while the screen was read: ${JSON.stringify(mark)} then ${JSON.stringify(still)}`,
      );
    check(shown, mark);
    reading = { shown, mark };
  }).toPass({ timeout: 20_000 });
  return reading!;
}
