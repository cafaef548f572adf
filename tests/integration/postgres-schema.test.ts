import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type RawBuilder } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, POSTGRES_APPLICATION_NAME, type DB } from "~/lib/db.server";
import { INDEXES_ENDING_IN_ID } from "../../db/migrations/0021_keyset_indexes";
import { VISITOR_AND_GIFT_TABLES as VISITOR_AND_GIFT_TABLE_NAMES } from "~/lib/page-cache/site-writes.server";
import { createDatabase, dropDatabase, newDatabaseName } from "../support/postgres-databases";

/** The name a second app process (or a tool) goes by on its connections. */
const OTHER_WRITER = "another-process";

/**
 * PostgreSQL's schema is SQLite's: the PostgreSQL baseline (and every migration after it)
 * builds the same tables, columns, keys, indexes and rules as SQLite's migrations, and the
 * rules keep the money the same way on both, also when two app processes write at once.
 *
 * Runs against the cluster named by TEST_POSTGRES_URL (an admin URL): a database of its own
 * is created, migrated with the app's own migrator, and dropped afterwards. SQLite's side is
 * a fresh file migrated the same way, whatever engine the rest of the suite runs on.
 */
const ADMIN_URL = process.env.TEST_POSTGRES_URL;

/**
 * SQLite triggers PostgreSQL has no need of: they refuse an INSERT OR REPLACE, which
 * PostgreSQL does not have (a taken id is refused by the primary key).
 */
const OMITTED_TRIGGERS: Record<string, string> = {
  disbursements_never_replaced: "guards against INSERT OR REPLACE, which PostgreSQL does not have",
  rates_never_replaced: "guards against INSERT OR REPLACE, which PostgreSQL does not have",
};

/**
 * Tables whose writes are not a staff change to the site: no `<table>_site_change` trigger.
 * The page cache's own list, so that the process and the database agree on what is heard.
 */
const VISITOR_AND_GIFT_TABLES = [...VISITOR_AND_GIFT_TABLE_NAMES];

/** Integers that are bigint on PostgreSQL besides every `*_cents` column: the provider's clocks, in seconds. */
const EPOCH_SECONDS = ["sandbox_objects.created", "subscriptions.provider_state_at"];

/** Indexes PostgreSQL words differently: SQLite's "to_address collate nocase" is lower(to_address). */
const INDEX_COLUMNS_ON_POSTGRES: Record<string, string[]> = {
  outbound_mail_to_nocase: ["(expression)", "created_at"],
  // SQLite's indexes end in the rowid; PostgreSQL's name the id (migration 0021).
  ...Object.fromEntries(INDEXES_ENDING_IN_ID.map((index) => [index.name, [...index.columns, "id"]])),
};

// ---------------------------------------------------------------------------------------
// Reading a schema, engine by engine, into one shape.

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
}

interface Index {
  table: string;
  unique: boolean;
  partial: boolean;
  columns: string[];
}

interface Shape {
  columns: Map<string, Column[]>;
  indexes: Map<string, Index>;
  /** "name on table: before update of a, b" */
  triggers: Map<string, { table: string; moment: string }>;
  /** Per table: primary key columns, unique constraints, foreign keys, each as a line. */
  keys: Map<string, string[]>;
  /** SQLite only: the FTS5 tables' searched columns, as "table.column". */
  searched: string[];
  /** SQLite only: the columns unique in any letter case, as "table.column". */
  uniqueInAnyCase: string[];
}

const rowsOf = async <T>(db: DB, query: RawBuilder<T>) => (await query.execute(db)).rows;

/** The time now as each engine writes it, and literals without PostgreSQL's casts. */
function sameDefault(value: string | null): string | null {
  if (value === null) return null;
  if (/strftime\('%Y-%m-%dT%H:%M:%fZ', 'now'\)|to_char\(\(?now\(\)/.test(value)) return "the time now";
  return value.replace(/::[a-z ]+$/, "").replace(/^\((.*)\)$/, "$1");
}

async function sqliteShape(db: DB): Promise<Shape> {
  const objects = await rowsOf(
    db,
    sql<{
      type: string;
      name: string;
      tbl_name: string;
      sql: string | null;
    }>`select type, name, tbl_name, sql from sqlite_master`,
  );
  const fts = objects.filter((o) => o.type === "table" && /^create virtual table/i.test(o.sql ?? ""));
  const isFts = (name: string) => fts.some((table) => name === table.name || name.startsWith(`${table.name}_`));
  const tables = objects.filter((o) => o.type === "table" && !/^(sqlite_|kysely_)/.test(o.name) && !isFts(o.name));
  const shape: Shape = {
    columns: new Map(),
    indexes: new Map(),
    triggers: new Map(),
    keys: new Map(),
    searched: [],
    uniqueInAnyCase: [],
  };

  for (const { name: table, sql: create } of tables) {
    const columns = await rowsOf(
      db,
      sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      select name, type, "notnull", dflt_value, pk from pragma_table_xinfo(${table}) order by cid`,
    );
    // A primary key column: never null on PostgreSQL (SQLite lets a text key hold NULL, which the app never writes).
    shape.columns.set(
      table,
      columns.map((c) => ({
        name: c.name,
        type: c.type.toLowerCase(),
        notNull: c.notnull === 1 || c.pk > 0,
        default: sameDefault(c.dflt_value),
      })),
    );
    for (const [, column] of (create ?? "").matchAll(/"(\w+)" text[^,]*?collate nocase[^,]*?unique/gi))
      shape.uniqueInAnyCase.push(`${table}.${column}`);

    const keys: string[] = [];
    const primary = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    if (primary.length) keys.push(`primary key (${primary.map((c) => c.name).join(", ")})`);
    for (const index of await rowsOf(
      db,
      sql<{ name: string; origin: string }>`select name, origin from pragma_index_list(${table})`,
    )) {
      if (index.origin !== "u") continue;
      const indexColumns = (
        await rowsOf(db, sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`)
      ).map((c) => c.name);
      if (indexColumns.length === 1 && shape.uniqueInAnyCase.includes(`${table}.${indexColumns[0]}`)) continue;
      keys.push(`unique (${indexColumns.join(", ")})`);
    }
    for (const fk of await rowsOf(
      db,
      sql<{ table: string; from: string; to: string | null; on_delete: string }>`
      select "table", "from", "to", on_delete from pragma_foreign_key_list(${table})`,
    )) {
      keys.push(
        `foreign key (${fk.from}) references ${fk.table} (${fk.to ?? "id"}) on delete ${fk.on_delete.toLowerCase()}`,
      );
    }
    shape.keys.set(table, keys.sort());
  }

  for (const index of objects.filter((o) => o.type === "index" && !o.name.startsWith("sqlite_autoindex_"))) {
    const [listed] = await rowsOf(
      db,
      sql<{ unique: number; partial: number }>`
      select "unique", partial from pragma_index_list(${index.tbl_name}) where name = ${index.name}`,
    );
    const columns = (
      await rowsOf(db, sql<{ name: string | null }>`select name from pragma_index_info(${index.name}) order by seqno`)
    ).map((c) => c.name ?? "(expression)");
    shape.indexes.set(index.name, {
      table: index.tbl_name,
      unique: listed?.unique === 1,
      partial: listed?.partial === 1,
      columns,
    });
  }

  for (const trigger of objects.filter((o) => o.type === "trigger" && !isFts(o.name))) {
    const [, when, event, , of] =
      /create trigger \w+ (before|after) (insert|update|delete)( of ([\w, ]+?))? on/i.exec(trigger.sql ?? "") ?? [];
    shape.triggers.set(trigger.name, { table: trigger.tbl_name, moment: moment(when, event, of) });
  }

  for (const table of fts) {
    const content = /content\s*=\s*'(\w+)'/.exec(table.sql ?? "")?.[1];
    for (const column of await rowsOf(db, sql<{ name: string }>`select name from pragma_table_info(${table.name})`))
      shape.searched.push(`${content}.${column.name}`);
  }
  return shape;
}

function moment(when = "", event = "", of?: string): string {
  const columns = of
    ? ` of ${of
        .split(",")
        .map((c) => c.trim().toLowerCase())
        .join(", ")}`
    : "";
  return `${when.toLowerCase()} ${event.toLowerCase()}${columns}`;
}

async function postgresShape(db: DB): Promise<Shape> {
  const shape: Shape = {
    columns: new Map(),
    indexes: new Map(),
    triggers: new Map(),
    keys: new Map(),
    searched: [],
    uniqueInAnyCase: [],
  };
  const columns = await rowsOf(
    db,
    sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
    from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely\\_%'
    order by c.table_name, c.ordinal_position`,
  );
  for (const c of columns) {
    const list = shape.columns.get(c.table_name) ?? [];
    list.push({
      name: c.column_name,
      type: c.data_type,
      notNull: c.is_nullable === "NO",
      default: sameDefault(c.column_default),
    });
    shape.columns.set(c.table_name, list);
  }

  const indexes = await rowsOf(
    db,
    sql<{ name: string; table: string; unique: boolean; partial: boolean; columns: string[] }>`
    select i.relname as name, t.relname as table, x.indisunique as unique, x.indpred is not null as partial,
      array(
        select coalesce(a.attname::text, '(expression)')
        from unnest(x.indkey::int2[]) with ordinality as k(attnum, position)
        left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum and k.attnum > 0
        order by k.position) as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace and t.relname not like 'kysely\\_%'
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid and c.contype in ('p', 'u'))`,
  );
  for (const { name, ...index } of indexes) shape.indexes.set(name, index);

  const triggers = await rowsOf(
    db,
    sql<{ name: string; table: string; definition: string }>`
    select g.tgname as name, t.relname as table, pg_get_triggerdef(g.oid) as definition
    from pg_trigger g join pg_class t on t.oid = g.tgrelid
    where not g.tgisinternal and t.relnamespace = current_schema()::regnamespace`,
  );
  for (const trigger of triggers) {
    // PostgreSQL quotes a column named by a keyword ("interval").
    const [, when, event, , of] =
      /(BEFORE|AFTER) (INSERT|UPDATE|DELETE)( OF ([\w, "]+?))? ON/.exec(trigger.definition) ?? [];
    shape.triggers.set(trigger.name, { table: trigger.table, moment: moment(when, event, of?.replaceAll('"', "")) });
  }

  const constraints = await rowsOf(
    db,
    sql<{
      table: string;
      kind: string;
      columns: string[];
      target: string | null;
      target_columns: string[] | null;
      on_delete: string;
    }>`
    select t.relname as table, c.contype as kind,
      array(select a.attname::text from unnest(c.conkey) with ordinality as k(attnum, position)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.position) as columns,
      f.relname as target,
      array(select a.attname::text from unnest(c.confkey) with ordinality as k(attnum, position)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.position) as target_columns,
      c.confdeltype as on_delete
    from pg_constraint c join pg_class t on t.oid = c.conrelid left join pg_class f on f.oid = c.confrelid
    where c.contype in ('p', 'u', 'f') and t.relnamespace = current_schema()::regnamespace and t.relname not like 'kysely\\_%'`,
  );
  const onDelete: Record<string, string> = {
    a: "no action",
    r: "restrict",
    c: "cascade",
    n: "set null",
    d: "set default",
  };
  for (const c of constraints) {
    const keys = shape.keys.get(c.table) ?? [];
    const named = c.columns.join(", ");
    if (c.kind === "p") keys.push(`primary key (${named})`);
    else if (c.kind === "u") keys.push(`unique (${named})`);
    else
      keys.push(
        `foreign key (${named}) references ${c.target} (${(c.target_columns ?? []).join(", ")}) on delete ${onDelete[c.on_delete]}`,
      );
    shape.keys.set(c.table, keys.sort());
  }
  return shape;
}

/** The type PostgreSQL should give a column SQLite declares: bigint for cents and the provider's clocks. */
function postgresType(table: string, column: Column): string {
  if (column.type === "text") return "text";
  return column.name.endsWith("_cents") || EPOCH_SECONDS.includes(`${table}.${column.name}`) ? "bigint" : "integer";
}

// ---------------------------------------------------------------------------------------
// The same gifts and refusals on both engines.

const GIFT = {
  frequency: "One-Time",
  purpose: "",
  donated_at: "2030-01-05T10:00:00.000Z",
  is_test: 0,
  fee_cover_cents: 0,
};

async function give(db: DB, gift: Partial<typeof GIFT> & Record<string, string | number | null>): Promise<number> {
  const row = { ...GIFT, ...gift };
  const columns = Object.keys(row);
  const { rows } = await sql<{ id: number }>`
    insert into donations (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(Object.values(row))}) returning id`.execute(
    db,
  );
  return rows[0]!.id;
}

/** A morning's giving and staff's corrections, then what the rules kept. */
async function giveAndCorrect(db: DB) {
  await sql`insert into appeals (slug, title, fund_id, starts_on) values ('winter-warmth', 'Winter warmth', 1, '2030-01-01')`.execute(
    db,
  );
  const appealId = (await sql<{ id: number }>`select id from appeals where slug = 'winter-warmth'`.execute(db)).rows[0]!
    .id;
  const sadaqa = await give(db, { name: "Amina", email: "amina@example.org", amount_cents: 5_000, fund_id: 1 });
  await give(db, {
    name: "Amina",
    email: "amina@example.org",
    amount_cents: 2_500,
    purpose: "Zakat",
    donated_at: "2030-01-06T09:00:00.000Z",
  });
  await give(db, {
    name: "Bilal",
    email: "",
    amount_cents: 1_000,
    payment_method: "cash",
    fund_id: 6,
    fee_cover_cents: 120,
    fee_fund_id: 1,
  });
  await give(db, { name: "Test Donor", email: "test@example.org", amount_cents: 700, is_test: 1, fund_id: 1 });
  const appealGift = await give(db, {
    name: "Chidi",
    email: "CHIDI@example.org",
    amount_cents: 9_900,
    fund_id: 1,
    appeal_id: appealId,
  });
  const moved = await give(db, { name: "Dawud", email: "dawud@example.org", amount_cents: 3_000, fund_id: 7 });
  // SQLite lower-cases ASCII letters only: the same donor key on PostgreSQL, whatever its locale.
  await give(db, { name: "Émile", email: "", amount_cents: 800, fund_id: 1 });
  await sql`update donations set amount_cents = 12000 where id = ${appealGift}`.execute(db);
  await sql`update donations set email = 'amina@example.org', name = 'Amina' where id = ${moved}`.execute(db);
  await sql`update donations set fund_id = 2, donated_at = '2030-01-07T08:00:00.000Z' where id = ${moved}`.execute(db);
  await sql`delete from donations where id = ${sadaqa}`.execute(db);
  return {
    totals: await rowsOf(db, sql`select * from donation_totals order by is_test`),
    donors: await rowsOf(db, sql`select * from donors order by is_test, donor_key`),
    funds: await rowsOf(db, sql`select slug, received_cents, gift_count, disbursed_cents from funds order by id`),
    days: await rowsOf(
      db,
      sql`select f.slug, d.day, d.received_cents, d.gift_count from fund_daily_receipts d join funds f on f.id = d.fund_id order by f.slug, d.day`,
    ),
    appeals: await rowsOf(
      db,
      sql`select t.is_test, t.raised_cents, t.gift_count from appeal_totals t join appeals a on a.id = t.appeal_id order by t.is_test`,
    ),
    gifts: await rowsOf(
      db,
      sql<{
        id: number;
        slug: string;
      }>`select d.id, f.slug from donations d join funds f on f.id = d.fund_id order by d.id`,
    ),
  };
}

/** Writes each engine must refuse in the same words (the services recognise them). */
const REFUSALS: Array<[string, (db: DB, entry: number) => Promise<unknown>]> = [
  ["a disbursement over the fund's balance", (db) => disburse(db, "emergency-relief", 1_000_000)],
  [
    "a changed ledger entry",
    (db, entry) => sql`update disbursements set amount_cents = 1 where id = ${entry}`.execute(db),
  ],
  ["a deleted ledger entry", (db, entry) => sql`delete from disbursements where id = ${entry}`.execute(db)],
  [
    "a reversal of another amount",
    (db, entry) =>
      sql`
    insert into disbursements (kind, fund_id, amount_cents, disbursed_on, reverses_id, recorded_by, recorded_at)
    select 'reversal', fund_id, amount_cents + 1, '2030-01-09', id, 'tester', '2030-01-09T00:00:00.000Z' from disbursements where id = ${entry}`.execute(
        db,
      ),
  ],
  ["a renamed fund", (db) => sql`update funds set name = 'Sadaqa Jariya' where slug = 'sadaqa'`.execute(db)],
  ["a gift without a fund", (db) => sql`update donations set fund_id = null`.execute(db)],
  ["a changed rate", (db) => sql`update rates set amount_cents = 1`.execute(db)],
  ["a deleted rate", (db) => sql`delete from rates`.execute(db)],
  [
    "a live appeal's new address",
    async (db) => {
      await sql`update appeals set status = 'live', went_live_at = '2030-01-01T00:00:00.000Z' where slug = 'winter-warmth'`.execute(
        db,
      );
      return sql`update appeals set slug = 'elsewhere' where slug = 'winter-warmth'`.execute(db);
    },
  ],
];

async function disburse(db: DB, fund: string, cents: number) {
  return sql<{ id: number }>`
    insert into disbursements (kind, fund_id, amount_cents, disbursed_on, recorded_by, recorded_at)
    select 'disbursement', id, ${cents}, '2030-01-08', 'tester', '2030-01-08T00:00:00.000Z' from funds where slug = ${fund}
    returning id`.execute(db);
}

async function refusalsOn(db: DB): Promise<Record<string, string>> {
  await sql`insert into appeals (slug, title, fund_id, starts_on) values ('winter-warmth', 'Winter warmth', 1, '2030-01-01')`.execute(
    db,
  );
  await give(db, { name: "Amina", email: "amina@example.org", amount_cents: 5_000, purpose: "Emergency Relief" });
  const entry = (await disburse(db, "emergency-relief", 2_000)).rows[0]!.id;
  const words: Record<string, string> = {};
  for (const [what, attempt] of REFUSALS) {
    words[what] = await attempt(db, entry).then(
      () => "(written)",
      (error: Error) => error.message,
    );
  }
  return words;
}

// ---------------------------------------------------------------------------------------

function describePostgres() {
  describe("the PostgreSQL schema", () => {
    const name = newDatabaseName("schema_check");
    const folder = mkdtempSync(path.join(tmpdir(), "postgres-schema-"));
    let url: string;
    let postgres: DB;
    let sqlite: DB;
    let onSqlite: Shape;
    let onPostgres: Shape;

    /** A connection of its own, as a second app process would have. */
    const connect = async () => {
      const client = new pg.Client({ connectionString: url, application_name: OTHER_WRITER });
      await client.connect();
      return client;
    };

    beforeAll(async () => {
      url = await createDatabase(name);
      postgres = openDatabase(url);
      await migrateToLatest(postgres);
      sqlite = openDatabase(path.join(folder, "schema.sqlite"));
      await migrateToLatest(sqlite);
      onSqlite = await sqliteShape(sqlite);
      onPostgres = await postgresShape(postgres);
    });

    afterAll(async () => {
      await postgres?.destroy();
      await sqlite?.destroy();
      await dropDatabase(name);
      rmSync(folder, { recursive: true, force: true });
    });

    it("has the same tables, with the same columns in the same order, nullability, defaults and types", () => {
      expect([...onPostgres.columns.keys()].sort()).toEqual([...onSqlite.columns.keys()].sort());
      const differences: string[] = [];
      for (const [table, columns] of onSqlite.columns) {
        const theirs = onPostgres.columns.get(table) ?? [];
        const names = (list: Column[]) => list.map((c) => c.name).join(", ");
        if (names(columns) !== names(theirs))
          differences.push(`${table}: columns (${names(columns)}) on SQLite, (${names(theirs)}) on PostgreSQL`);
        for (const column of columns) {
          const other = theirs.find((c) => c.name === column.name);
          if (!other) continue;
          const where = `${table}.${column.name}`;
          if (other.notNull !== column.notNull)
            differences.push(`${where}: ${column.notNull ? "not null" : "nullable"} on SQLite, not on PostgreSQL`);
          if (other.default !== column.default)
            differences.push(`${where}: default ${column.default} on SQLite, ${other.default} on PostgreSQL`);
          if (other.type !== postgresType(table, column))
            differences.push(`${where}: ${other.type} on PostgreSQL, ${postgresType(table, column)} expected`);
        }
      }
      expect(differences).toEqual([]);
    });

    it("has the same primary keys, unique constraints and foreign keys (with their on delete)", () => {
      const differences: string[] = [];
      for (const [table, keys] of onSqlite.keys) {
        const theirs = onPostgres.keys.get(table) ?? [];
        for (const key of keys)
          if (!theirs.includes(key)) differences.push(`${table}: ${key} is missing on PostgreSQL`);
        for (const key of theirs) if (!keys.includes(key)) differences.push(`${table}: ${key} is on PostgreSQL only`);
      }
      expect(differences).toEqual([]);
    });

    it("has the same indexes, each as unique and as partial, on the same columns; a trigram and a pairs index per searched column; lower() for any letter case", () => {
      const differences: string[] = [];
      const expectedOnPostgres = new Map(onSqlite.indexes);
      for (const [name, index] of onSqlite.indexes) {
        if (INDEX_COLUMNS_ON_POSTGRES[name])
          expectedOnPostgres.set(name, { ...index, columns: INDEX_COLUMNS_ON_POSTGRES[name] });
      }
      for (const searched of onSqlite.searched) {
        const [table, column] = searched.split(".") as [string, string];
        expectedOnPostgres.set(`${table}_${column}_trgm`, { table, unique: false, partial: false, columns: [column] });
        // And its two-letter pairs (migration 0023).
        expectedOnPostgres.set(`${table}_${column}_pairs`, {
          table,
          unique: false,
          partial: false,
          columns: ["(expression)"],
        });
      }
      for (const column of onSqlite.uniqueInAnyCase) {
        const [table, name] = column.split(".") as [string, string];
        expectedOnPostgres.set(`${table}_${name}_lower`, {
          table,
          unique: true,
          partial: false,
          columns: ["(expression)"],
        });
      }
      for (const [name, index] of expectedOnPostgres) {
        const theirs = onPostgres.indexes.get(name);
        if (!theirs) differences.push(`${name} on ${index.table} is missing on PostgreSQL`);
        else if (JSON.stringify(theirs) !== JSON.stringify(index))
          differences.push(`${name}: ${JSON.stringify(index)} expected, ${JSON.stringify(theirs)} on PostgreSQL`);
      }
      for (const name of onPostgres.indexes.keys())
        if (!expectedOnPostgres.has(name)) differences.push(`${name} is on PostgreSQL only`);
      expect(differences).toEqual([]);
      // The searches and the case-insensitive columns are there to be mapped at all.
      expect(onSqlite.searched).toContain("donations.email");
      expect(onSqlite.uniqueInAnyCase.sort()).toEqual([
        "admins.username",
        "funds.name",
        "funds.purpose",
        "newsletter_subscribers.email",
      ]);
    });

    it("has the same triggers on the same tables and events, but for the guards against INSERT OR REPLACE", () => {
      const expected = [...onSqlite.triggers]
        .filter(([name]) => !(name in OMITTED_TRIGGERS))
        .map(([name, t]) => `${name} on ${t.table}: ${t.moment}`);
      const actual = [...onPostgres.triggers]
        .filter(([name]) => !name.endsWith("_site_change"))
        .map(([name, t]) => `${name} on ${t.table}: ${t.moment}`);
      expect(actual.sort()).toEqual(expected.sort());
      for (const name of Object.keys(OMITTED_TRIGGERS)) expect(onSqlite.triggers.has(name), name).toBe(true);
    });

    it("notifies site changes from every table but those visitors and gifts write", () => {
      const expected = [...onSqlite.columns.keys()].filter((table) => !VISITOR_AND_GIFT_TABLES.includes(table)).sort();
      const notifying = [...onPostgres.triggers].filter(([name]) => name.endsWith("_site_change"));
      expect(notifying.map(([name, t]) => `${name} on ${t.table}`).sort()).toEqual(
        expected.map((table) => `${table}_site_change on ${table}`),
      );
      expect(expected).toContain("stories");
      expect(expected).not.toContain("donations");
    });

    it("starts with the rows SQLite's migrations wrote: funds, rates, the Zakat policy and the totals", async () => {
      const rows = (db: DB) =>
        Promise.all([
          rowsOf(
            db,
            sql`select id, slug, name, purpose, description, kind, sort_order, archived_at, received_cents, gift_count, disbursed_cents from funds order by id`,
          ),
          rowsOf(
            db,
            sql`select id, rate_key, amount_cents, effective_on, authority, note, to_confirm, recorded_by from rates order by id`,
          ),
          rowsOf(db, sql`select id, body, is_template, kaffarah_per_fast, updated_by from zakat_policy`),
          rowsOf(db, sql`select * from donation_totals order by is_test`),
        ]);
      const [funds, rates, policy, totals] = await rows(postgres);
      expect([funds, rates, policy, totals]).toEqual(await rows(sqlite));
      expect(funds).toHaveLength(10);
      expect(rates).toHaveLength(5);
      expect(policy).toHaveLength(1);
    });

    it("keeps the same totals of donors, funds, days and appeals for the same gifts and corrections", async () => {
      const onPostgresRows = await giveAndCorrect(postgres);
      expect(onPostgresRows).toEqual(await giveAndCorrect(sqlite));
      // The rules did their work (not merely the same nothing on both).
      expect(onPostgresRows.totals).toEqual([
        { is_test: 0, total_cents: 2_500 + 1_000 + 120 + 12_000 + 3_000 + 800, gift_count: 5, donor_count: 4 },
        { is_test: 1, total_cents: 700, gift_count: 1, donor_count: 1 },
      ]);
      expect(onPostgresRows.donors).toContainEqual({
        is_test: 0,
        donor_key: "name:bilal",
        name: "Bilal",
        email: "",
        total_cents: 1_120,
        gift_count: 1,
      });
      expect(onPostgresRows.donors).toContainEqual({
        is_test: 0,
        donor_key: "name:Émile",
        name: "Émile",
        email: "",
        total_cents: 800,
        gift_count: 1,
      });
      expect(onPostgresRows.donors).toContainEqual({
        is_test: 0,
        donor_key: "amina@example.org",
        name: "Amina",
        email: "amina@example.org",
        total_cents: 5_500,
        gift_count: 2,
      });
      expect(onPostgresRows.appeals).toEqual([
        { is_test: 0, raised_cents: 12_000, gift_count: 1 },
        { is_test: 1, raised_cents: 0, gift_count: 0 },
      ]);
      expect(onPostgresRows.gifts.map((gift) => gift.slug)).toEqual([
        "zakat-al-mal",
        "emergency-relief",
        "sadaqa",
        "sadaqa",
        "zakat-al-mal",
        "sadaqa",
      ]);
    });

    it("refuses the same writes with the same words", async () => {
      // Each engine on a database of its own, so that the gifts above do not count.
      const fresh = `${name}_refusals`;
      const otherPostgres = openDatabase(await createDatabase(fresh));
      const otherSqlite = openDatabase(path.join(folder, "refusals.sqlite"));
      try {
        await migrateToLatest(otherPostgres);
        await migrateToLatest(otherSqlite);
        const words = await refusalsOn(otherPostgres);
        expect(words).toEqual(await refusalsOn(otherSqlite));
        expect(words).toEqual({
          "a disbursement over the fund's balance": "The fund balance is not enough for this disbursement",
          "a changed ledger entry": "Ledger entries are never changed: record a reversal",
          "a deleted ledger entry": "Ledger entries are never deleted: record a reversal",
          "a reversal of another amount": "A reversal names a disbursement of the same fund and amount",
          "a renamed fund": "A fund keeps its name, purpose and kind",
          "a gift without a fund": "Every gift belongs to a fund",
          "a changed rate": "Rates are never changed: record a new rate",
          "a deleted rate": "Rates are never deleted: record a new rate",
          "a live appeal's new address": "An appeal keeps its address once it has gone live",
        });
      } finally {
        await otherPostgres.destroy();
        await otherSqlite.destroy();
        await dropDatabase(fresh);
      }
    });

    /**
     * Two app processes at once: the second's statement starts while the first's transaction
     * is open, and the first commits once the second waits on it. Says how each ended.
     */
    async function sideBySide(first: [string, unknown[]], second: [string, unknown[]]): Promise<[string, string]> {
      const [a, b] = [await connect(), await connect()];
      try {
        await a.query("begin");
        await a.query(...first);
        const waiting = (await b.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
        await b.query("begin");
        let settled = false;
        const secondEnded = b
          .query(...second)
          .then(() => b.query("commit"))
          .then(
            () => "committed",
            async (error: Error) => {
              await b.query("rollback");
              return error.message;
            },
          )
          .finally(() => (settled = true));
        await waitUntilWaiting(waiting, () => settled);
        await a.query("commit");
        return ["committed", await secondEnded];
      } finally {
        await a.end();
        await b.end();
      }
    }

    /** Until the backend waits on a lock (or its statement has ended): at most five seconds. */
    async function waitUntilWaiting(pid: number, ended: () => boolean): Promise<void> {
      for (let tries = 0; tries < 100 && !ended(); tries++) {
        const [row] = await rowsOf(
          postgres,
          sql<{ wait_event_type: string | null }>`select wait_event_type from pg_stat_activity where pid = ${pid}`,
        );
        if (row?.wait_event_type === "Lock") return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    // Each pair meets on one row only: a pair that met on the fund's day as well would wait there first.
    const giveAt = `insert into donations (name, email, amount_cents, frequency, donated_at, fund_id) values ($1, $2, $3, 'One-Time', $4, $5)`;
    it("lets the first two gifts of one new donor commit side by side (in two processes), both counted", async () => {
      const first = ["Farah", "farah@example.org", 1_500, "2031-03-03T10:00:00.000Z", 9];
      const second = ["Farah", "farah@example.org", 2_500, "2031-03-04T10:00:00.000Z", 10];
      expect(await sideBySide([giveAt, first], [giveAt, second])).toEqual(["committed", "committed"]);
      expect(
        await rowsOf(postgres, sql`select total_cents, gift_count from donors where donor_key = 'farah@example.org'`),
      ).toEqual([{ total_cents: 4_000, gift_count: 2 }]);
    });

    it("lets the first two gifts of a day to one fund commit side by side (in two processes), both counted", async () => {
      const first = ["Ghazal", "ghazal@example.org", 1_500, "2031-03-05T10:00:00.000Z", 8];
      const second = ["Hamza", "hamza@example.org", 2_500, "2031-03-05T11:00:00.000Z", 8];
      expect(await sideBySide([giveAt, first], [giveAt, second])).toEqual(["committed", "committed"]);
      expect(
        await rowsOf(
          postgres,
          sql`select received_cents, gift_count from fund_daily_receipts where fund_id = 8 and day = '2031-03-05'`,
        ),
      ).toEqual([{ received_cents: 4_000, gift_count: 2 }]);
    });

    it("refuses the second of two disbursements at once that together would overdraw the fund", async () => {
      await give(postgres, { name: "Hana", email: "hana@example.org", amount_cents: 10_000, purpose: "Fidya" });
      const [{ balance }] = (await rowsOf(
        postgres,
        sql<{ balance: number }>`select received_cents - disbursed_cents as balance from funds where slug = 'fidya'`,
      )) as [{ balance: number }];
      // Each within the balance on its own, more than it together.
      const each = Math.ceil(balance * 0.6);
      const disburseFidya = `insert into disbursements (kind, fund_id, amount_cents, disbursed_on, recorded_by, recorded_at)
        select 'disbursement', id, $1, '2031-03-04', 'tester', '2031-03-04T00:00:00.000Z' from funds where slug = 'fidya'`;
      expect(await sideBySide([disburseFidya, [each]], [disburseFidya, [each]])).toEqual([
        "committed",
        "The fund balance is not enough for this disbursement",
      ]);
      expect(
        await rowsOf(postgres, sql`select received_cents - disbursed_cents as balance from funds where slug = 'fidya'`),
      ).toEqual([{ balance: balance - each }]);
      expect(
        await rowsOf(
          postgres,
          sql`select count(*) as entries from disbursements d join funds f on f.id = d.fund_id where f.slug = 'fidya'`,
        ),
      ).toEqual([{ entries: 1 }]);
    });

    it("tells every process of a staff change when it commits, and not of a gift or a change rolled back", async () => {
      const listener = await connect();
      const heard: string[] = [];
      listener.on("notification", (message) => heard.push(message.payload ?? ""));
      await listener.query("listen site_changes");
      const nextHeard = async () => {
        for (let tries = 0; tries < 100 && !heard.length; tries++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        return heard.shift() ?? "(nothing heard)";
      };
      // Sent after each write that must not notify: heard first, it shows nothing came before it.
      const marker = () => sql`select pg_notify('site_changes', 'marker')`.execute(postgres);
      const other = await connect();
      try {
        // Each notification names the writer's connection, so a process can pass over its own.
        await sql`insert into stories (title, summary, content) values ('Wells', 'Clean water', 'Twelve wells dug.')`.execute(
          postgres,
        );
        expect(await nextHeard()).toBe(POSTGRES_APPLICATION_NAME);
        await other.query("update stories set title = 'Wells dug' where title = 'Wells'");
        expect(await nextHeard()).toBe(OTHER_WRITER);

        await give(postgres, { name: "Idris", email: "idris@example.org", amount_cents: 4_200, purpose: "Zakat" });
        await marker();
        expect(await nextHeard()).toBe("marker");

        await other.query("begin");
        await other.query("update stories set title = 'Never shown'");
        await other.query("rollback");
        await marker();
        expect(await nextHeard()).toBe("marker");
        expect(heard).toEqual([]);
      } finally {
        await other.end();
        await listener.end();
      }
    });
  });
}

if (ADMIN_URL) {
  describePostgres();
} else {
  describe("the PostgreSQL schema", () => {
    it("is not checked here: PostgreSQL was not configured (set TEST_POSTGRES_URL to an admin URL of a cluster)", () => {
      expect(process.env.TEST_POSTGRES_URL ?? "").toBe("");
    });
  });
}
