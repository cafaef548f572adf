import { sql, type Kysely } from "kysely";
import { engineOf } from "./dialect";

/**
 * How many rows each staff list holds, by the filter its screen offers first (gifts by
 * frequency and by fund, messages by status, volunteers by interest, subscriptions,
 * newsletter addresses by status), live and test apart. Counting a million gifts takes
 * PostgreSQL a quarter of a second and SQLite not much less; these counts are read in a
 * millisecond. Kept by triggers like donation_totals, so no code path can forget one.
 *
 * One row per (list, value, is_test); `value` is the filter's value as text ("Monthly",
 * "0" for pending, a fund's id), "" where the list has no filter. A count that reaches 0
 * keeps its row.
 */
interface CountedList {
  list: string;
  table: string;
  /** The counted value, as an SQL expression over `row.` (replaced by new./old.). */
  value: string;
  /** The test flag, as an SQL expression over `row.`, or "0" for lists without one. */
  isTest: string;
  /** The columns whose change moves a row from one count to another. */
  columns: string[];
}

export const COUNTED_LISTS: CountedList[] = [
  {
    list: "donations_by_frequency",
    table: "donations",
    value: "row.frequency",
    isTest: "row.is_test",
    columns: ["frequency", "is_test"],
  },
  // A gift's fund can be written just after its row (the trigger that gives it its purpose's fund).
  {
    list: "donations_by_fund",
    table: "donations",
    value: "coalesce(cast(row.fund_id as text), '')",
    isTest: "row.is_test",
    columns: ["fund_id", "is_test"],
  },
  {
    list: "contacts_by_status",
    table: "contact_submissions",
    value: "cast(row.resolved as text)",
    isTest: "0",
    columns: ["resolved"],
  },
  {
    list: "volunteers_by_interest",
    table: "volunteer_signups",
    value: "row.interest",
    isTest: "0",
    columns: ["interest"],
  },
  { list: "subscriptions", table: "subscriptions", value: "''", isTest: "row.is_test", columns: ["is_test"] },
  {
    list: "newsletter_by_status",
    table: "newsletter_subscribers",
    value: "row.status",
    isTest: "0",
    columns: ["status"],
  },
];

const over = (expression: string, row: "new" | "old") => expression.replaceAll("row.", `${row}.`);
/** The expression over the table's own columns, for counting the rows already there. */
const bare = (expression: string) => expression.replaceAll("row.", "");

/** The statements that move one row into (+1) or out of (-1) its count. */
function counted(list: CountedList, row: "new" | "old", step: 1 | -1): string {
  const value = over(list.value, row);
  const isTest = over(list.isTest, row);
  // Into a count: created at its first row. Out of one: the row's count exists already.
  return step === 1
    ? `insert into list_counts (list, value, is_test, n) values ('${list.list}', ${value}, ${isTest}, 1)
        on conflict (list, value, is_test) do update set n = list_counts.n + 1;`
    : `update list_counts set n = n - 1 where list = '${list.list}' and value = ${value} and is_test = ${isTest};`;
}

/**
 * The rows of each list as counted from the rows themselves: how the migration starts the
 * counts, and how tests check the triggers kept them.
 */
export function countedFromRows(list: CountedList) {
  return sql<{ list: string; value: string; is_test: number; n: number }>`
    select ${list.list} as list, ${sql.raw(bare(list.value))} as value, ${sql.raw(bare(list.isTest))} as is_test, count(*) as n
    from ${sql.table(list.table)} where true group by 2, 3`;
}

const moved = (list: CountedList) =>
  list.columns.map((column) => `old.${column} is distinct from new.${column}`).join(" or ");
const movedOnSqlite = (list: CountedList) =>
  list.columns.map((column) => `old.${column} is not new.${column}`).join(" or ");

function sqliteTriggers(list: CountedList): string[] {
  const name = `${list.list}_counted`;
  return [
    `create trigger ${name}_insert after insert on ${list.table} begin ${counted(list, "new", 1)} end`,
    `create trigger ${name}_delete after delete on ${list.table} begin ${counted(list, "old", -1)} end`,
    `create trigger ${name}_update after update of ${list.columns.join(", ")} on ${list.table} when ${movedOnSqlite(list)}
      begin ${counted(list, "old", -1)} ${counted(list, "new", 1)} end`,
  ];
}

function postgresTriggers(list: CountedList): string[] {
  const name = `${list.list}_counted`;
  const fn = (suffix: string, body: string) =>
    `create function "${name}_${suffix}"() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;
  return [
    fn("insert", counted(list, "new", 1)),
    fn("delete", counted(list, "old", -1)),
    // Out of one count and into another, always the lower (value, flag) first: two rows
    // moving opposite ways at once (pending to confirmed, confirmed to pending) then wait
    // for each other instead of each holding the counter the other needs.
    fn(
      "update",
      `if (${over(list.value, "old")}, ${over(list.isTest, "old")}) < (${over(list.value, "new")}, ${over(list.isTest, "new")}) then
        ${counted(list, "old", -1)} ${counted(list, "new", 1)}
      else
        ${counted(list, "new", 1)} ${counted(list, "old", -1)}
      end if;`,
    ),
    `create trigger "${name}_insert" after insert on "${list.table}" for each row execute function "${name}_insert"()`,
    `create trigger "${name}_delete" after delete on "${list.table}" for each row execute function "${name}_delete"()`,
    `create trigger "${name}_update" after update of ${list.columns.join(", ")} on "${list.table}" for each row
      when (${moved(list)}) execute function "${name}_update"()`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("list_counts")
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("is_test", "integer", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("list_counts_pk", ["list", "value", "is_test"])
    .execute();
  const engine = engineOf(db);
  for (const list of COUNTED_LISTS) {
    // The triggers first, then the rows already there are counted, each count replacing
    // whatever a trigger began meanwhile. Another process may be writing (it started before
    // this one): on PostgreSQL its writes wait for the lock until this migration commits,
    // and SQLite writes one statement at a time, so every row is counted exactly once.
    for (const statement of engine === "postgres" ? postgresTriggers(list) : sqliteTriggers(list))
      await sql.raw(statement).execute(db);
    if (engine === "postgres") await sql`lock table ${sql.table(list.table)} in share row exclusive mode`.execute(db);
    // ("where true" in the counting keeps SQLite from reading "on conflict" as a join's "on".)
    await sql`insert into list_counts (list, value, is_test, n) ${countedFromRows(list)} on conflict (list, value, is_test) do update set n = excluded.n`.execute(
      db,
    );
  }
}
