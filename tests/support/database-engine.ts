import SQLite from "better-sqlite3";
import { sql, type RawBuilder } from "kysely";
import pg from "pg";
import { getDb } from "~/lib/db.server";
import { databaseEngine, databaseFilePath, getEnv, type DatabaseEngine } from "~/lib/env.server";

/**
 * What integration tests need to say the same thing on SQLite and on PostgreSQL: a write
 * that fails as a full disk would, the plan a query gets, the words each engine uses for a
 * refusal, and a second connection writing beside the site's own, as another server
 * process would. Each test states its outcome once; only the engine's own wording or
 * mechanism differs, and it is chosen here.
 */

/**
 * The engine this test file runs on: the one DATABASE_URL names (read as it is now: test tables are built before the
 * file's first test).
 */
export function testEngine(): DatabaseEngine {
  return databaseEngine({ DATABASE_URL: process.env.DATABASE_URL ?? "" });
}

/** The value for the engine this file runs on. */
export function byEngine<T>(choices: Record<DatabaseEngine, T>): T {
  return choices[testEngine()];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A write refused by a unique column or index of `table`; `column` may be the start of the column's name. */
export function uniqueViolationPattern(table: string, column: string): RegExp {
  return byEngine({
    sqlite: new RegExp(`UNIQUE constraint failed: ${escaped(table)}\\.${escaped(column)}`),
    // PostgreSQL names the constraint, table_column_key for a column declared unique.
    postgres: new RegExp(`duplicate key value violates unique constraint "${escaped(table)}_${escaped(column)}`),
  });
}

/** A row of `table` refused by one of its CHECK constraints. */
export function checkViolationPattern(table: string): RegExp {
  return byEngine({
    sqlite: /CHECK constraint failed/,
    postgres: new RegExp(`new row for relation "${escaped(table)}" violates check constraint`),
  });
}

/** A query over a table that is not there. */
export function missingTablePattern(table: string): RegExp {
  return byEngine({
    sqlite: new RegExp(`no such table: ${escaped(table)}`),
    postgres: new RegExp(`relation "${escaped(table)}" does not exist`),
  });
}

const TRIGGER = "writes_fail";

/**
 * Runs `run` while every `statement` on `table` fails with `message`, as a full disk or a
 * locked database would, then lets writes through again.
 */
export async function whileWritesFail<T>(
  table: string,
  statement: "insert" | "update" | "delete",
  message: string,
  run: () => Promise<T>,
): Promise<T> {
  const db = getDb();
  const quotedMessage = `'${message.replace(/'/g, "''")}'`;
  if (testEngine() === "postgres") {
    await sql
      .raw(
        `create function ${TRIGGER}() returns trigger language plpgsql as $$ begin raise exception ${quotedMessage.replace(/%/g, "%%")}; end $$;
         create trigger ${TRIGGER} before ${statement} on "${table}" for each row execute function ${TRIGGER}();`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger ${TRIGGER} before ${statement} on "${table}" begin select raise(abort, ${quotedMessage}); end`,
      )
      .execute(db);
  }
  try {
    return await run();
  } finally {
    const drop = byEngine({
      sqlite: `drop trigger ${TRIGGER}`,
      postgres: `drop trigger ${TRIGGER} on "${table}"; drop function ${TRIGGER}();`,
    });
    await sql.raw(drop).execute(db);
  }
}

/**
 * The plan the database would follow for `query`, as text: SQLite's "explain query plan",
 * PostgreSQL's "explain". A test table holds a handful of rows, which PostgreSQL would
 * rather read whole than through an index; sequential scans are turned off for this one
 * plan, so the plan shows whether an index CAN serve the query.
 */
export async function queryPlanOf(query: RawBuilder<unknown>): Promise<string> {
  if (testEngine() === "sqlite") {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(getDb());
    return rows.map((row) => row.detail).join("\n");
  }
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(trx);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
}

/**
 * Writes `row` into `table` over any row with the same id: SQLite's INSERT OR REPLACE;
 * PostgreSQL's own way, "on conflict (id) do update", which meets the table's update
 * triggers. Without an id, a new row is written.
 */
export function overwriting(table: string, row: Record<string, unknown>): RawBuilder<unknown> {
  const columns = Object.keys(row).filter((column) => !(column === "id" && row.id == null));
  const names = sql.join(columns.map((column) => sql.ref(column)));
  const values = sql.join(columns.map((column) => row[column]));
  if (testEngine() === "sqlite") return sql`insert or replace into ${sql.table(table)} (${names}) values (${values})`;
  const changes = sql.join(
    columns.filter((column) => column !== "id").map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`),
  );
  return sql`insert into ${sql.table(table)} (${names}) values (${values}) on conflict (id) do update set ${changes}`;
}

/**
 * A connection of its own to the test's database, as another server process would hold:
 * statements with `?` placeholders, run one at a time ("begin" and "commit" included).
 */
export interface OtherConnection {
  query<Row = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<Row[]>;
  /** Resolves once this connection waits for a lock another holds (PostgreSQL only: SQLite refuses at once). */
  waitingOnALock(): Promise<void>;
  close(): Promise<void>;
}

/** Opens another connection; SQLite's waits for a busy file briefly, so that a lock shows at once. */
export async function openOtherConnection(): Promise<OtherConnection> {
  return testEngine() === "postgres" ? openPostgresConnection() : openSqliteConnection();
}

function openSqliteConnection(): OtherConnection {
  const connection = new SQLite(databaseFilePath(), { timeout: 50 });
  connection.pragma("foreign_keys = ON");
  return {
    async query<Row>(text: string, ...params: unknown[]) {
      const statement = connection.prepare(text);
      if (statement.reader) return statement.all(...params) as Row[];
      statement.run(...params);
      return [];
    },
    waitingOnALock: () =>
      Promise.reject(new Error("A SQLite connection never waits for a lock here: it is refused at once")),
    close: async () => void connection.close(),
  };
}

const BIGINT = 20;

async function openPostgresConnection(): Promise<OtherConnection> {
  // Whole numbers arrive as numbers, as they do through the site's own connection.
  const types = {
    getTypeParser: (oid: number, format?: "text" | "binary") =>
      oid === BIGINT ? Number : pg.types.getTypeParser(oid, format),
  };
  const client = new pg.Client({ connectionString: getEnv().DATABASE_URL, types });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  const pid = rows[0]!.pid;
  return {
    async query<Row>(text: string, ...params: unknown[]) {
      let n = 0;
      const result = await client.query(
        text.replace(/\?/g, () => `$${(n += 1)}`),
        params,
      );
      return result.rows as Row[];
    },
    async waitingOnALock() {
      for (let tries = 0; tries < 200; tries += 1) {
        const { rows: waits } = await sql<{
          wait_event_type: string | null;
        }>`select wait_event_type from pg_stat_activity where pid = ${pid}`.execute(getDb());
        if (waits[0]?.wait_event_type === "Lock") return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`PostgreSQL connection ${pid} never waited for a lock`);
    },
    close: () => client.end(),
  };
}

/** Runs `during` while a table is missing, as if its query failed. */
export async function withoutTable(table: string, during: () => Promise<void>) {
  await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${sql.table(`${table}_away`)}`.execute(getDb());
  try {
    await during();
  } finally {
    await sql`ALTER TABLE ${sql.table(`${table}_away`)} RENAME TO ${sql.table(table)}`.execute(getDb());
  }
}
