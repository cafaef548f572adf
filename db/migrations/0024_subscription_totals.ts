import { sql, type Kysely } from "kysely";
import { centsType, engineOf } from "./dialect";

/**
 * The Subscriptions screen's summary (how many gifts in each status, monthly and yearly,
 * paused or not, and their amounts), kept by triggers as list_counts keeps the lists'
 * counts (0022): grouping 50,000 subscriptions took PostgreSQL 30 ms on every visit.
 */
const KEY = ["status", "interval", "paused", "is_test"] as const;

/** The summary's key and amount of a subscription row (`row` is new or old). */
const keyOf = (row: "new" | "old") => [
  `${row}.status`,
  `${row}.interval`,
  `case when ${row}.resumes_at is null then 0 else 1 end`,
  `${row}.is_test`,
];

function into(row: "new" | "old"): string {
  return `insert into subscription_totals (${KEY.join(", ")}, gifts, amount_cents) values (${keyOf(row).join(", ")}, 1, ${row}.amount_cents)
    on conflict (${KEY.join(", ")}) do update set gifts = subscription_totals.gifts + 1, amount_cents = subscription_totals.amount_cents + excluded.amount_cents;`;
}

function outOf(row: "new" | "old"): string {
  const where = KEY.map((column, index) => `${column} = ${keyOf(row)[index]}`).join(" and ");
  return `update subscription_totals set gifts = gifts - 1, amount_cents = amount_cents - ${row}.amount_cents where ${where};`;
}

const COLUMNS = "status, interval, resumes_at, is_test, amount_cents";
const changedOnPostgres = COLUMNS.split(", ")
  .map((column) => `old.${column} is distinct from new.${column}`)
  .join(" or ");
const changedOnSqlite = COLUMNS.split(", ")
  .map((column) => `old.${column} is not new.${column}`)
  .join(" or ");

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("subscription_totals")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("interval", "text", (c) => c.notNull())
    .addColumn("paused", "integer", (c) => c.notNull())
    .addColumn("is_test", "integer", (c) => c.notNull())
    .addColumn("gifts", "integer", (c) => c.notNull())
    .addColumn("amount_cents", centsType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint("subscription_totals_pk", [...KEY])
    .execute();
  const statements =
    engineOf(db) === "postgres"
      ? [
          `create function subscription_totals_insert() returns trigger language plpgsql as $$ begin ${into("new")} return null; end $$`,
          `create function subscription_totals_delete() returns trigger language plpgsql as $$ begin ${outOf("old")} return null; end $$`,
          // Always the lower key first, so two gifts changing opposite ways at once never deadlock.
          `create function subscription_totals_update() returns trigger language plpgsql as $$ begin
            if (${keyOf("old").join(", ")}) < (${keyOf("new").join(", ")}) then ${outOf("old")} ${into("new")}
            else ${into("new")} ${outOf("old")} end if;
            return null; end $$`,
          `create trigger subscription_totals_insert after insert on subscriptions for each row execute function subscription_totals_insert()`,
          `create trigger subscription_totals_delete after delete on subscriptions for each row execute function subscription_totals_delete()`,
          `create trigger subscription_totals_update after update of ${COLUMNS} on subscriptions for each row when (${changedOnPostgres}) execute function subscription_totals_update()`,
        ]
      : [
          `create trigger subscription_totals_insert after insert on subscriptions begin ${into("new")} end`,
          `create trigger subscription_totals_delete after delete on subscriptions begin ${outOf("old")} end`,
          `create trigger subscription_totals_update after update of ${COLUMNS} on subscriptions when ${changedOnSqlite} begin ${outOf("old")} ${into("new")} end`,
        ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  // Triggers first, then the gifts already there, under a lock on PostgreSQL (see 0022).
  if (engineOf(db) === "postgres") await sql`lock table subscriptions in share row exclusive mode`.execute(db);
  await sql`delete from subscription_totals`.execute(db);
  await sql
    .raw(
      `insert into subscription_totals (${KEY.join(", ")}, gifts, amount_cents)
        select status, interval, case when resumes_at is null then 0 else 1 end, is_test, count(*), coalesce(sum(amount_cents), 0)
        from subscriptions where true group by 1, 2, 3, 4`,
    )
    .execute(db);
}
