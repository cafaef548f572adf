import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, NO_MIGRATIONS, sql, type MigrationResultSet, type Selectable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../../db/migrations/index";
import type { Database } from "../../db/schema";
import { migrateToLatest, openDatabase, type DB } from "~/lib/db.server";

/**
 * Migrations stand alone and carry a real site forward: run on an empty database they
 * build exactly the tables db/schema.ts describes, and run on a database left by any
 * earlier migration (with gifts, subscriptions, messages, subscribers and mail in it) they
 * reach the same schema as a fresh install without losing a row. Nothing here names the
 * newest migration, so a migration added later is covered as soon as it is listed.
 */

/**
 * The last migration of the previous release (community, 266caaa): its 0001-0003 are the
 * files in db/migrations today (`git diff 266caaa -- db/migrations/000[123]*` is empty),
 * so migrating to it rebuilds that release's schema exactly.
 */
const PREVIOUS_RELEASE = "0003_community";

// ---------------------------------------------------------------------------------------
// What db/schema.ts expects, column by column. The types make this mirror agree with the
// Database interface (a table or column added there and not here, or the other way round,
// or a different type or nullability, fails `tsc`); the tests make the database agree
// with the mirror. "text?" is a column that may hold NULL.

type Affinity<V> = NonNullable<V> extends number ? "integer" : "text";
type Declared<V> = null extends V ? `${Affinity<V>}?` : Affinity<V>;
type SchemaMirror = {
  [T in keyof Database]: { [C in keyof Selectable<Database[T]>]-?: Declared<Selectable<Database[T]>[C]> };
};

const EXPECTED_COLUMNS = {
  admins: { id: "integer", username: "text", password_hash: "text", created_at: "text", updated_at: "text" },
  admin_sessions: { id: "text", admin_id: "integer", data: "text", created_at: "text", expires_at: "text" },
  donor_sessions: { id: "text", email: "text", created_at: "text", expires_at: "text" },
  api_tokens: { id: "integer", admin_id: "integer", token_hash: "text", created_at: "text", expires_at: "text" },
  settings: { id: "integer", key: "text", value: "text", description: "text", updated_at: "text" },
  stories: {
    id: "integer", title: "text", summary: "text", content: "text", is_active: "integer", is_featured: "integer",
    video_url: "text", image_filename: "text", created_at: "text", updated_at: "text",
  },
  events: { id: "integer", title: "text", description: "text", date: "text", location: "text", image: "text", created_at: "text", updated_at: "text" },
  contact_submissions: { id: "integer", name: "text", email: "text", message: "text", submitted_at: "text", resolved: "integer" },
  volunteer_signups: { id: "integer", name: "text", email: "text", interest: "text", submitted_at: "text" },
  donations: {
    id: "integer", name: "text", email: "text", amount_cents: "integer", frequency: "text", purpose: "text", donated_at: "text",
    subscription_id: "integer?", stripe_checkout_session_id: "text?", stripe_payment_intent_id: "text?", stripe_invoice_id: "text?",
    payment_method: "text", recorded_by: "text", is_test: "integer", receipt_token: "text?",
  },
  subscriptions: {
    id: "integer", name: "text", email: "text", amount_cents: "integer", purpose: "text", interval: "text", payment_day: "integer",
    payment_month: "integer", status: "text", next_payment_date: "text?", created_at: "text", updated_at: "text",
    stripe_subscription_id: "text?", stripe_customer_id: "text?", stripe_checkout_session_id: "text?", is_test: "integer",
    provider_state_at: "integer", canceled_at: "text?",
  },
  testimonials: {
    id: "integer", name: "text", country: "text", text: "text", rating: "integer", video_url: "text", category: "text",
    is_approved: "integer", image_filename: "text", created_at: "text", updated_at: "text",
  },
  newsletter_subscribers: {
    id: "integer", email: "text", subscribed_at: "text", status: "text", confirm_token: "text?", unsubscribe_token: "text?",
    confirmed_at: "text?", unsubscribed_at: "text?",
  },
  processed_provider_events: { id: "text", type: "text", processed_at: "text" },
  donors: { is_test: "integer", donor_key: "text", name: "text", email: "text", total_cents: "integer", gift_count: "integer" },
  donation_totals: { is_test: "integer", total_cents: "integer", gift_count: "integer", donor_count: "integer" },
  sandbox_objects: { id: "text", type: "text", data: "text", created: "integer" },
  outbound_mail: {
    id: "integer", kind: "text", dedupe_key: "text?", to_address: "text", subject: "text", text_body: "text", html_body: "text",
    headers: "text", status: "text", attempts: "integer", next_attempt_at: "text", last_error: "text", message_id: "text",
    created_at: "text", sent_at: "text?",
  },
  giving_sign_in_links: { id: "integer", email: "text", token_hash: "text", created_at: "text", expires_at: "text", used_at: "text?" },
} satisfies SchemaMirror;

/** Provider identifiers and page keys that must be UNIQUE, so a repeated event never makes a second row. */
const UNIQUE_COLUMNS: [table: keyof Database, column: string][] = [
  ["donations", "stripe_checkout_session_id"],
  ["donations", "stripe_payment_intent_id"],
  ["donations", "stripe_invoice_id"],
  ["donations", "receipt_token"],
  ["subscriptions", "stripe_subscription_id"],
  ["subscriptions", "stripe_checkout_session_id"],
  ["processed_provider_events", "id"],
  ["outbound_mail", "dedupe_key"],
  ["newsletter_subscribers", "email"],
  ["newsletter_subscribers", "confirm_token"],
  ["newsletter_subscribers", "unsubscribe_token"],
  ["admins", "username"],
  ["api_tokens", "token_hash"],
  ["giving_sign_in_links", "token_hash"],
  ["settings", "key"],
];

// ---------------------------------------------------------------------------------------
// Representative rows, written as the site would have written them. Each is inserted
// with the columns its table has at the moment (a column a later migration adds is left
// for that migration to fill), into the tables that exist then, parents first.

type Row = Record<string, string | number | null>;

/** A token of the site's own shape: URL-safe, `length` characters (22 for receipts, 32 for the newsletter). */
const token = (seed: string, length: number) => seed.padEnd(length, "0");

const FIXTURE: Record<string, Row[]> = {
  admins: [{ id: 1, username: "Admin", password_hash: "scrypt$16384$8$1$c2FsdA$aGFzaA", created_at: "2026-01-02T09:00:00.000Z" }],
  admin_sessions: [{ id: "session-1", admin_id: 1, data: '{"adminId":1}', expires_at: "2030-01-01T00:00:00.000Z" }],
  api_tokens: [{ id: 1, admin_id: 1, token_hash: "4f1c0ab2e9", expires_at: "2030-01-01T00:00:00.000Z" }],
  settings: [
    { key: "meals_provided", value: "1200", description: "Meals provided" },
    { key: "families_supported", value: "85", description: "Families supported" },
  ],
  stories: [{ title: "Winter appeal", summary: "Blankets for 300 families", content: "<p>Thank you.</p>", is_active: 1, is_featured: 1 }],
  events: [{ title: "Iftar", description: "Community iftar", date: "2026-03-01T18:30", location: "Main hall", image: "" }],
  testimonials: [{ name: "Maryam", country: "UK", text: "Giving was easy.", rating: 5, category: "donor", is_approved: 1 }],
  contact_submissions: [
    { name: "Omar Farouk", email: " Omar.Farouk@Example.ORG ", message: "Can I give in memory of my father?", submitted_at: "2026-02-01T10:00:00.000Z", resolved: 0 },
    { name: "Sara Ahmed", email: "sara@example.org", message: "Thank you!", submitted_at: "2026-02-02T10:00:00.000Z", resolved: 1 },
  ],
  volunteer_signups: [{ name: "Yusuf Ali", email: "YUSUF@example.org", interest: "events", submitted_at: "2026-02-03T10:00:00.000Z" }],
  subscriptions: [
    {
      id: 1, name: "Amina Yusuf", email: " Amina.Yusuf@Example.org ", amount_cents: 2500, purpose: "zakat", interval: "month",
      payment_day: 5, payment_month: 1, status: "active", next_payment_date: "2026-03-05", created_at: "2026-01-05T12:00:00.000Z",
      stripe_subscription_id: "sub_amina", stripe_customer_id: "cus_amina", stripe_checkout_session_id: "cs_sub_amina",
      provider_state_at: 1767614400, is_test: 0,
    },
    {
      id: 2, name: "Test Donor", email: "TEST@example.org", amount_cents: 1000, purpose: "", interval: "year", payment_day: 1,
      payment_month: 9, status: "canceled", created_at: "2026-01-06T12:00:00.000Z", stripe_subscription_id: "sub_test",
      stripe_checkout_session_id: "cs_sub_test", provider_state_at: 1767700800, canceled_at: "2026-01-07T12:00:00.000Z", is_test: 1,
    },
  ],
  donations: [
    {
      id: 1, name: "Amina Yusuf", email: "Amina.Yusuf@Example.org", amount_cents: 2500, frequency: "Monthly", purpose: "zakat",
      donated_at: "2026-01-05T12:00:00.000Z", subscription_id: 1, stripe_checkout_session_id: "cs_sub_amina",
      stripe_invoice_id: "in_amina_1", stripe_payment_intent_id: "pi_amina_1", receipt_token: token("rcpt-amina-1", 22),
    },
    {
      id: 2, name: "Amina Yusuf", email: " amina.yusuf@example.org ", amount_cents: 5000, frequency: "One-Time", purpose: "sadaqa",
      donated_at: "2026-02-05T12:00:00.000Z", stripe_checkout_session_id: "cs_amina_2", stripe_payment_intent_id: "pi_amina_2",
      receipt_token: token("rcpt-amina-2", 22),
    },
    {
      id: 3, name: "Bilal Haddad", email: "", amount_cents: 10000, frequency: "One-Time", donated_at: "2026-02-10T09:30:00.000Z",
      payment_method: "cash", recorded_by: "Admin", receipt_token: token("rcpt-bilal", 22),
    },
    {
      id: 4, name: "Yusuf Ali", email: "YUSUF@EXAMPLE.ORG", amount_cents: 7500, frequency: "Ramadan", purpose: "orphans",
      donated_at: "2026-03-01T20:00:00.000Z", stripe_checkout_session_id: "cs_yusuf", stripe_payment_intent_id: "pi_yusuf",
      receipt_token: token("rcpt-yusuf", 22),
    },
    {
      id: 5, name: "Test Donor", email: "TEST@example.org", amount_cents: 1000, frequency: "Annually", donated_at: "2026-01-06T12:00:00.000Z",
      subscription_id: 2, stripe_checkout_session_id: "cs_sub_test", stripe_invoice_id: "in_test_1", is_test: 1,
      receipt_token: token("rcpt-test", 22),
    },
  ],
  newsletter_subscribers: [
    {
      email: "Reader.One@Example.org", subscribed_at: "2026-01-10T08:00:00.000Z", status: "confirmed",
      unsubscribe_token: token("unsub-reader-one", 32), confirmed_at: "2026-01-10T08:05:00.000Z",
    },
    { email: " reader.two@example.org", subscribed_at: "2026-01-11T08:00:00.000Z", status: "pending", confirm_token: token("confirm-reader-two", 32) },
    {
      email: "READER.THREE@EXAMPLE.ORG", subscribed_at: "2026-01-12T08:00:00.000Z", status: "unsubscribed",
      unsubscribe_token: token("unsub-reader-three", 32), confirmed_at: "2026-01-12T08:05:00.000Z", unsubscribed_at: "2026-02-01T08:00:00.000Z",
    },
  ],
  processed_provider_events: [{ id: "evt_1", type: "checkout.session.completed", processed_at: "2026-01-05T12:00:01.000Z" }],
  sandbox_objects: [{ id: "cs_test_sandbox_1", type: "checkout.session", data: '{"id":"cs_test_sandbox_1"}', created: 1767614400 }],
  outbound_mail: [
    {
      kind: "receipt", dedupe_key: "receipt:1", to_address: "Amina.Yusuf@Example.org", subject: "Your receipt", text_body: "Thank you",
      html_body: "<p>Thank you</p>", status: "sent", attempts: 1, message_id: "<receipt-1@charity.example>", sent_at: "2026-01-05T12:00:05.000Z",
    },
    {
      kind: "staff_contact", dedupe_key: "contact:1", to_address: "staff@charity.example", subject: "New message", text_body: "Omar wrote",
      html_body: "<p>Omar wrote</p>", status: "kept", message_id: "<contact-1@charity.example>",
    },
  ],
  giving_sign_in_links: [
    { email: "amina.yusuf@example.org", token_hash: "link-hash-1", created_at: "2026-02-06T10:00:00.000Z", expires_at: "2026-02-06T10:30:00.000Z" },
  ],
  donor_sessions: [{ id: "donor-session-1", email: "amina.yusuf@example.org", created_at: "2026-02-06T10:01:00.000Z", expires_at: "2026-02-06T11:01:00.000Z" }],
};

// ---------------------------------------------------------------------------------------

let folder: string;
let databases = 0;
let migrationNames: string[];
let freshSchema: SchemaObject[];

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "charity-migrations-"));
  migrationNames = Object.keys(await migrationProvider.getMigrations());
  const fresh = emptyDatabase();
  try {
    await migrateToLatest(fresh);
    freshSchema = await schemaOf(fresh);
  } finally {
    await fresh.destroy();
  }
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A new, empty SQLite file opened as the site opens its own (WAL, foreign keys on). */
function emptyDatabase(): DB {
  databases += 1;
  return openDatabase(path.join(folder, `database-${databases}.sqlite`));
}

function migratorFor(db: DB): Migrator {
  return new Migrator({ db, provider: migrationProvider });
}

/** The migrations a run applied, by name; throws with the failing migration when one fails. */
function applied({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "(before any migration)";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** The migration before `name`, or NO_MIGRATIONS for the first. */
function migrationBefore(name: string): string | typeof NO_MIGRATIONS {
  const index = migrationNames.indexOf(name);
  return index > 0 ? migrationNames[index - 1]! : NO_MIGRATIONS;
}

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Every table, index, trigger and view with the SQL that makes it. */
async function schemaOf(db: DB): Promise<SchemaObject[]> {
  const { rows } = await sql<SchemaObject>`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db);
  return rows;
}

async function columnsOf(db: DB, table: string): Promise<{ name: string; type: string; notnull: number; pk: number }[]> {
  const { rows } = await sql<{ name: string; type: string; notnull: number; pk: number }>`
    select name, type, "notnull", pk from pragma_table_info(${table})
  `.execute(db);
  return rows;
}

/** Inserts the fixture with the tables and columns this database has now. */
async function fill(db: DB): Promise<void> {
  for (const [table, rows] of Object.entries(FIXTURE)) {
    const present = new Set((await columnsOf(db, table)).map((column) => column.name));
    if (present.size === 0) continue;
    for (const row of rows) {
      const entries = Object.entries(row).filter(([column]) => present.has(column));
      await sql`
        insert into ${sql.table(table)} (${sql.join(entries.map(([column]) => sql.ref(column)))})
        values (${sql.join(entries.map(([, value]) => value))})
      `.execute(db);
    }
  }
}

type Snapshot = Record<string, Row[]>;

/** Every row of every ordinary table (not the migrator's own, not full-text indexes). */
async function snapshot(db: DB): Promise<Snapshot> {
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and sql not like 'create virtual table%'
      and not exists (
        select 1 from sqlite_master as fts
        where fts.type = 'table' and fts.sql like 'create virtual table%' and sqlite_master.name like fts.name || '_%'
      )
    order by name
  `.execute(db);
  const result: Snapshot = {};
  for (const { name } of tables) {
    // In primary-key order (donors has no rowid), so rows line up before and after.
    const key = (await columnsOf(db, name)).filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    const order = key.length ? sql.join(key.map((column) => sql.ref(column.name))) : sql`rowid`;
    result[name] = (await sql<Row>`select * from ${sql.table(name)} order by ${order}`.execute(db)).rows;
  }
  return result;
}

/** An address as the site compares addresses: a later migration may tidy its case and spaces. */
const sameAddress = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : value);
const ADDRESS_COLUMNS = new Set(["email", "to_address"]);

/** Kept by triggers from the gifts: checked as totals in expectSoundLatest, not row by row. */
const DERIVED_TABLES = new Set(["donors", "donation_totals"]);

/**
 * Every row there before is there after (found by its primary key), with every column it
 * had keeping its value, addresses compared as the site compares them. New tables, new
 * columns and new rows are free.
 */
async function expectRowsKept(db: DB, beforeUpgrade: Snapshot, afterUpgrade: Snapshot): Promise<void> {
  const comparable = (row: Row, columns: string[]) =>
    Object.fromEntries(columns.map((column) => [column, ADDRESS_COLUMNS.has(column) ? sameAddress(row[column]) : row[column]]));
  for (const [table, rows] of Object.entries(beforeUpgrade)) {
    if (DERIVED_TABLES.has(table)) continue;
    const after = afterUpgrade[table];
    expect(after, `table ${table} is kept`).toBeDefined();
    const key = (await columnsOf(db, table)).filter((column) => column.pk > 0).map((column) => column.name);
    expect(key.length, `${table} has a primary key`).toBeGreaterThan(0);
    for (const row of rows) {
      const found = after!.find((candidate) => key.every((column) => candidate[column] === row[column]));
      const name = `${table} row ${JSON.stringify(comparable(row, key))}`;
      expect(found, `${name} is kept`).toBeDefined();
      const columns = Object.keys(row).filter((column) => found![column] !== undefined);
      expect(comparable(found!, columns), name).toEqual(comparable(row, columns));
    }
  }
}

/** What must hold of any database at the newest migration, data or not. */
async function expectSoundLatest(db: DB): Promise<void> {
  expect(await schemaOf(db)).toEqual(freshSchema);
  expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: "ok" }]);
  expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);

  // Running totals, kept by triggers since 0002, agree with the gifts themselves.
  const { rows: totals } = await sql<{ is_test: number; total_cents: number; gift_count: number; donor_count: number }>`
    select is_test, total_cents, gift_count, donor_count from donation_totals order by is_test
  `.execute(db);
  const { rows: counted } = await sql<{ is_test: number; total_cents: number; gift_count: number; donor_count: number }>`
    select t.is_test,
      (select coalesce(sum(amount_cents), 0) from donations where is_test = t.is_test) as total_cents,
      (select count(*) from donations where is_test = t.is_test) as gift_count,
      (select count(*) from donors where is_test = t.is_test) as donor_count
    from donation_totals as t order by t.is_test
  `.execute(db);
  expect(totals).toEqual(counted);
  expect(totals.map((row) => row.is_test)).toEqual([0, 1]);

  // Every gift has its own receipt address; every confirmed reader a way to leave.
  const gifts = await db.selectFrom("donations").select(["id", "receipt_token"]).execute();
  for (const gift of gifts) expect(gift.receipt_token, `receipt token of gift ${gift.id}`).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(new Set(gifts.map((gift) => gift.receipt_token)).size).toBe(gifts.length);
  const readers = await db.selectFrom("newsletter_subscribers").select(["email", "status", "unsubscribe_token"]).execute();
  for (const reader of readers.filter((row) => row.status !== "pending")) {
    expect(reader.unsubscribe_token, `leave link of ${reader.email}`).toMatch(/^[A-Za-z0-9_-]{32}$/);
  }
}

// ---------------------------------------------------------------------------------------

describe("migrations", () => {
  it("are listed in order, each with a distinct number", () => {
    expect(migrationNames.length).toBeGreaterThan(0);
    expect(migrationNames).toEqual([...migrationNames].sort());
    const numbers = migrationNames.map((name) => Number(/^(\d{4})_[a-z0-9_]+$/.exec(name)?.[1]));
    expect(numbers.every(Number.isInteger), `names like 0001_initial: ${migrationNames.join(", ")}`).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(migrationNames).toContain(PREVIOUS_RELEASE);
  });

  it("build on an empty database exactly the tables db/schema.ts describes", async () => {
    const db = emptyDatabase();
    try {
      expect(applied(await migratorFor(db).migrateToLatest())).toEqual(migrationNames);

      for (const [table, expected] of Object.entries(EXPECTED_COLUMNS)) {
        const columns = await columnsOf(db, table);
        expect(columns.length, `table ${table} exists`).toBeGreaterThan(0);
        const declared = Object.fromEntries(
          columns.map((column) => [column.name, `${column.type.toLowerCase()}${column.notnull || column.pk ? "" : "?"}`]),
        );
        expect(declared, `columns of ${table}`).toEqual(expected);
      }
      // And no table the Database interface does not know (the migrator's and full-text indexes aside).
      expect(Object.keys(await snapshot(db)).sort()).toEqual(Object.keys(EXPECTED_COLUMNS).sort());

      for (const [table, column] of UNIQUE_COLUMNS) {
        const { rows } = await sql<{ unique_columns: string }>`
          select (select group_concat(info.name) from pragma_index_info(list.name) as info) as unique_columns
          from pragma_index_list(${table}) as list where list."unique" = 1
        `.execute(db);
        expect(rows.map((row) => row.unique_columns), `${table}.${column} is UNIQUE`).toContain(column);
      }
      await expectSoundLatest(db);
    } finally {
      await db.destroy();
    }
  });

  it("is the same whether run by the site's migrateToLatest or step by step", async () => {
    const db = emptyDatabase();
    try {
      const migrator = migratorFor(db);
      for (const name of migrationNames) expect(applied(await migrator.migrateTo(name))).toEqual([name]);
      expect(await schemaOf(db)).toEqual(freshSchema);
    } finally {
      await db.destroy();
    }
  });

  it("run twice change nothing the second time", async () => {
    const db = emptyDatabase();
    try {
      await migrateToLatest(db);
      await fill(db);
      const first = await snapshot(db);
      expect(applied(await migratorFor(db).migrateToLatest())).toEqual([]);
      await migrateToLatest(db);
      expect(await snapshot(db)).toEqual(first);
      expect(await schemaOf(db)).toEqual(freshSchema);
    } finally {
      await db.destroy();
    }
  });

  it(`carry the previous release's database (${PREVIOUS_RELEASE}) with its data to the newest schema`, async () => {
    const db = emptyDatabase();
    try {
      applied(await migratorFor(db).migrateTo(PREVIOUS_RELEASE));
      await fill(db);
      const beforeUpgrade = await snapshot(db);
      expect(beforeUpgrade.donations).toHaveLength(FIXTURE.donations!.length);
      expect(beforeUpgrade.newsletter_subscribers).toHaveLength(FIXTURE.newsletter_subscribers!.length);

      expect(applied(await migratorFor(db).migrateToLatest())).toEqual(migrationNames.slice(migrationNames.indexOf(PREVIOUS_RELEASE) + 1));
      const afterUpgrade = await snapshot(db);
      await expectRowsKept(db, beforeUpgrade, afterUpgrade);
      await expectSoundLatest(db);

      // 0005: gifts made before receipts existed get an unguessable, URL-safe token each.
      const tokens = afterUpgrade.donations!.map((gift) => gift.receipt_token);
      expect(tokens).toHaveLength(5);
      for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(tokens).size).toBe(tokens.length);

      // 0007: addresses given under single opt-in stay subscribed, confirmed when they subscribed.
      const readers = await db.selectFrom("newsletter_subscribers").selectAll().orderBy("id").execute();
      expect(readers).toHaveLength(3);
      for (const reader of readers) {
        expect(reader).toMatchObject({ status: "confirmed", confirmed_at: reader.subscribed_at, confirm_token: null, unsubscribed_at: null });
        expect(reader.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      }
      expect(new Set(readers.map((reader) => reader.unsubscribe_token)).size).toBe(3);

      // A donor's gifts are found in any letter case (0006's index), whatever spaces the old rows kept.
      const amina = await db
        .selectFrom("donations")
        .select("id")
        .where(sql<boolean>`trim(email) = ${"AMINA.YUSUF@example.org"} collate nocase`)
        .orderBy("id")
        .execute();
      expect(amina.map((gift) => gift.id)).toEqual([1, 2]);
      const figures = await db.selectFrom("donation_totals").selectAll().where("is_test", "=", 0).executeTakeFirstOrThrow();
      // Amina (two spellings of one address: one donor), Bilal (by name) and Yusuf; the test gift is apart.
      expect(figures).toEqual({ is_test: 0, total_cents: 2500 + 5000 + 10000 + 7500, gift_count: 4, donor_count: 3 });

      // The new tables are there and empty; the site can write to them.
      expect(afterUpgrade.outbound_mail).toEqual([]);
      expect(afterUpgrade.giving_sign_in_links).toEqual([]);
      expect(afterUpgrade.donor_sessions).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("carry a database left at each earlier migration, with data, to the newest schema", async () => {
    for (const name of migrationNames) {
      const start = migrationBefore(name);
      const db = emptyDatabase();
      try {
        applied(await migratorFor(db).migrateTo(start));
        await fill(db);
        const beforeUpgrade = await snapshot(db);
        for (const [table, rows] of Object.entries(FIXTURE)) {
          if (beforeUpgrade[table]) expect(beforeUpgrade[table], `${table} filled at ${String(start)}`).toHaveLength(rows.length);
        }
        const ran = applied(await migratorFor(db).migrateToLatest());
        expect(ran[0], `from ${String(start)}`).toBe(name);
        await expectRowsKept(db, beforeUpgrade, await snapshot(db));
        await expectSoundLatest(db);
        expect(applied(await migratorFor(db).migrateToLatest())).toEqual([]);
      } catch (error) {
        throw new Error(`Upgrading a database left before ${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      } finally {
        await db.destroy();
      }
    }
  });
});
