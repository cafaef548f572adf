import { sql, type Kysely } from "kysely";
import { centsType, engineOf, idColumn } from "./dialect";

/**
 * A second pair of eyes on money (issue 30, decision 152). A disbursement (or a reversal) at
 * or above the approval threshold is first a request: a row here that moves no money. A
 * different person holding finance or owner approves it, which writes the real ledger entry
 * (so the ledger's own guards, the balance check among them, apply at that moment), or
 * rejects it with a reason. A request is decided once and never deleted: the database
 * refuses any change to a decided request, and any deletion.
 *
 * The ledger's entries gain who requested and who approved them, written with the entry (the
 * ledger refuses updates, so a stamp is never added afterwards); an entry recorded below the
 * threshold leaves them empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = engineOf(db) === "postgres";
  await db.schema
    .createTable("disbursement_requests")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('disbursement', 'reversal')`))
    .addColumn("fund_id", "integer", (c) => c.notNull().references("funds.id"))
    .addColumn("amount_cents", centsType(db), (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("disbursed_on", "text", (c) => c.notNull())
    .addColumn("category", "text")
    .addColumn("programme", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("region", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("proof_filename", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reverses_id", "integer", (c) => c.references("disbursements.id"))
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("requested_by_id", "integer", (c) => c.references("admins.id"))
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("requested")
        .check(sql`status in ('requested', 'approved', 'rejected')`),
    )
    .addColumn("decided_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("decided_at", "text")
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("entry_id", "integer", (c) => c.unique().references("disbursements.id"))
    .addCheckConstraint(
      "disbursement_requests_reversal_names_entry",
      sql`(kind = 'reversal') = (reverses_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex("disbursement_requests_status")
    .on("disbursement_requests")
    .columns(["status", "id"])
    .execute();
  // One pending reversal request per entry: two people cannot both ask to reverse it.
  await sql`create unique index disbursement_requests_one_reversal on disbursement_requests (reverses_id)
    where status = 'requested'`.execute(db);

  for (const [column, type] of [
    ["requested_by", "text not null default ''"],
    ["approved_by", "text not null default ''"],
    ["approved_at", "text"],
  ] as const) {
    await sql.raw(`alter table disbursements add column ${column} ${type}`).execute(db);
  }

  const refusals = [
    [
      "disbursement_requests_decided_once",
      "before update",
      "old.status <> 'requested'",
      "A decided disbursement request is never changed",
    ],
    ["disbursement_requests_never_deleted", "before delete", "", "Disbursement requests are never deleted"],
  ] as const;
  for (const [name, moment, when, message] of refusals) {
    if (postgres) {
      const body = when ? `if ${when} then raise exception '${message}'; end if;` : `raise exception '${message}';`;
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return new; end $$;
           create trigger ${name} ${moment} on disbursement_requests for each row execute function ${name}();`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${name} ${moment} on disbursement_requests ${when ? `when ${when}` : ""}
           begin select raise(abort, '${message}'); end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["approved_at", "approved_by", "requested_by"]) {
    await db.schema.alterTable("disbursements").dropColumn(column).execute();
  }
  await db.schema.dropTable("disbursement_requests").execute();
  if (engineOf(db) === "postgres") {
    await sql`drop function disbursement_requests_decided_once(); drop function disbursement_requests_never_deleted();`.execute(
      db,
    );
  }
}
