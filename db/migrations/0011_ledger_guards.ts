import { sql, type Kysely } from "kysely";

/**
 * The ledger and the rates register are append-only (0010 refuses any update or delete),
 * but an INSERT OR REPLACE naming an entry's id, or the entry a reversal already reverses,
 * removes the old row without firing a delete trigger, and moves no fund total: a
 * disbursement could be rewritten, or a reversal swapped for another, in place. A new row
 * is refused here, before SQLite resolves any conflict, when its id is taken or, for a
 * reversal, when its entry has been reversed already. A plain insert meets the same words.
 */
const TRIGGERS = {
  disbursements_never_replaced: sql`
    create trigger disbursements_never_replaced before insert on disbursements
    when exists (select 1 from disbursements where id = new.id)
    begin select raise(abort, 'Ledger entries are never replaced: record a reversal'); end
  `,
  disbursements_reversed_once: sql`
    create trigger disbursements_reversed_once before insert on disbursements
    when new.reverses_id is not null and exists (select 1 from disbursements where reverses_id = new.reverses_id)
    begin select raise(abort, 'This entry was already reversed: an entry is reversed once'); end
  `,
  rates_never_replaced: sql`
    create trigger rates_never_replaced before insert on rates
    when exists (select 1 from rates where id = new.id)
    begin select raise(abort, 'Rates are never replaced: record a new rate'); end
  `,
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const trigger of Object.values(TRIGGERS)) await trigger.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(TRIGGERS)) await sql`drop trigger ${sql.raw(name)}`.execute(db);
}
