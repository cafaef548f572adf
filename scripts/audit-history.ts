// The audit phase of `npm run bench`: 50 staff and a million audit entries written into a
// database the server has migrated, by bulk SQL (a recursive CTE on SQLite, generate_series on
// PostgreSQL), so the fill takes seconds. The entries span about a year, 30 seconds apart, in
// the mix of actions and kinds a busy foundation writes; then the planner's statistics are made.
import { sql } from "kysely";
import { openDatabase } from "~/lib/db.server";
import { isPostgresUrl } from "./postgres-history";

export interface AuditHistory {
  /** The ids of the 50 staff the entries are spread over. */
  staffIds: number[];
  entries: number;
}

export const AUDIT_STAFF = 50;
export const AUDIT_ENTRIES = 1_000_000;
/** The first entry's moment; each next one is 30 seconds later (a million reach mid-December). */
export const AUDIT_FROM = "2025-01-01";

export async function fillAuditHistory(
  databaseUrl: string,
  entries = AUDIT_ENTRIES,
  log: (line: string) => void = () => {},
): Promise<AuditHistory> {
  const postgres = isPostgresUrl(databaseUrl);
  const db = openDatabase(postgres ? databaseUrl : databaseUrl.replace(/^file:/, ""));
  try {
    const now = new Date().toISOString();
    const staff = Array.from({ length: AUDIT_STAFF }, (_, index) => ({
      username: `audit-staff-${index + 1}`,
      password_hash: "not-a-password",
      name: `Staff Member ${index + 1}`,
      email: `staff${index + 1}@example.org`,
      roles: index % 5 === 0 ? "owner" : index % 2 ? "finance" : "editor",
      active: 1,
      created_at: now,
      updated_at: now,
    }));
    const staffIds = (await db.insertInto("admins").values(staff).returning("id").execute()).map((row) =>
      Number(row.id),
    );
    const first = staffIds[0]!;
    if (staffIds.some((id, index) => id !== first + index)) throw new Error("The bench's staff ids are not contiguous");
    log(`Writing ${entries.toLocaleString("en-US")} audit entries by ${AUDIT_STAFF} staff...`);
    // Mostly updates and creates, some deletes, sign-ins and exports, a few approvals; seven kinds of record.
    const action = (i: string) => `case
        when ${i} % 100 < 60 then 'update' when ${i} % 100 < 80 then 'create' when ${i} % 100 < 88 then 'delete'
        when ${i} % 100 < 98 then 'sign-in' when ${i} % 100 < 99 then 'export' else 'approve' end`;
    const entity = (i: string) => `case ${i} % 7
        when 0 then 'story' when 1 then 'event' when 2 then 'donation' when 3 then 'fund'
        when 4 then 'setting' when 5 then 'contact' else 'testimonial' end`;
    const columns = "at, actor_id, actor_name, action, entity, entity_id, summary, changes, address, user_agent";
    const values = (i: string, at: string, text: (value: string) => string) => `
        ${at}, ${first} + ${i} % ${AUDIT_STAFF}, 'Staff Member ' || ${text(`${i} % ${AUDIT_STAFF} + 1`)},
        ${action(i)}, ${entity(i)}, ${text(`(${i} / 7) % 5000`)}, 'Record ' || ${text(i)},
        '{"title":["Before","After"]}', '198.51.100.' || ${text(`${i} % 250`)}, 'Mozilla/5.0 (bench)'`;
    if (postgres) {
      await sql
        .raw(
          `insert into audit_entries (${columns})
           select ${values(
             "i",
             `to_char(timestamp '${AUDIT_FROM}' + i * interval '30 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
             (value) => `(${value})::text`,
           )}
           from generate_series(1, ${entries}) as i`,
        )
        .execute(db);
      await sql.raw("vacuum analyze audit_entries").execute(db);
    } else {
      await sql
        .raw(
          `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${entries})
           insert into audit_entries (${columns})
           select ${values("i", `strftime('%Y-%m-%dT%H:%M:%fZ', '${AUDIT_FROM}', '+' || (i * 30) || ' seconds')`, (value) => `(${value})`)}
           from n`,
        )
        .execute(db);
      await sql.raw("analyze").execute(db);
    }
    return { staffIds, entries };
  } finally {
    await db.destroy();
  }
}
