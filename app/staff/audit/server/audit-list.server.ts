import { sql, type ExpressionBuilder } from "kysely";
import { getDb } from "~/lib/db.server";
import { inBatches, olderThan, rowsOfPage } from "~/lib/list-pages.server";
import { dayAfter, type AuditFilter } from "../rules/audit-filter";
import type { Changes } from "../rules/changes";
import type { Database } from "../../../../db/schema";

/** One entry as the screen, the CSV and GET /api/audit/ show it. */
export interface AuditEntry {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  summary: string;
  changes: Changes;
  address: string;
  user_agent: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  /** How many entries match, counted up to AUDIT_COUNT_CAP. */
  total: number;
  /** More than AUDIT_COUNT_CAP match: "1,000+", paged on. */
  capped: boolean;
  hasMore: boolean;
}

/**
 * Matches are counted up to here: counting a million entries would read them all, and nobody
 * pages through ten thousand.
 */
export const AUDIT_COUNT_CAP = 1_000;
export const AUDIT_PAGE_SIZE = 50;

const COLUMNS = [
  "id",
  "at",
  "actor_id",
  "actor_name",
  "action",
  "entity",
  "entity_id",
  "summary",
  "changes",
  "address",
  "user_agent",
] as const;

/**
 * The filter's conditions. Each filter has an index that starts with it and goes on with
 * (at, id), the order entries are read in (migration 0027); a date range is a
 * range of that same index.
 */
function matching(filter: AuditFilter) {
  return (eb: ExpressionBuilder<Database, "audit_entries">) => {
    const conditions = [];
    if (filter.actorId !== undefined) conditions.push(eb("audit_entries.actor_id", "=", filter.actorId));
    if (filter.action) conditions.push(eb("audit_entries.action", "=", filter.action));
    if (filter.entity) conditions.push(eb("audit_entries.entity", "=", filter.entity));
    if (filter.entityId) conditions.push(eb("audit_entries.entity_id", "=", filter.entityId));
    if (filter.from) conditions.push(eb("audit_entries.at", ">=", filter.from));
    const end = filter.to && dayAfter(filter.to);
    if (end) conditions.push(eb("audit_entries.at", "<", end));
    return eb.and(conditions);
  };
}

/** Newest first: by when, and of two at the same moment the later written. */
function newestFirst(filter: AuditFilter) {
  return getDb()
    .selectFrom("audit_entries")
    .select(COLUMNS)
    .where(matching(filter))
    .orderBy("audit_entries.at", "desc")
    .orderBy("audit_entries.id", "desc");
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof newestFirst>["execute"]>>[number];

function toEntry(row: AuditRow): AuditEntry {
  return { ...row, id: Number(row.id), changes: readChanges(row.changes) };
}

function readChanges(text: string): Changes {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Changes) : {};
  } catch {
    return {};
  }
}

/** How many entries match, up to one past AUDIT_COUNT_CAP (the index alone is read). */
async function countUpToCap(filter: AuditFilter): Promise<number> {
  const db = getDb();
  const matches = db
    .selectFrom("audit_entries")
    .select(sql<number>`1`.as("one"))
    .where(matching(filter))
    .limit(AUDIT_COUNT_CAP + 1);
  const row = await db
    .selectFrom(matches.as("matches"))
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of the trail, newest first. On the screen (`pastTheEnd: "last"`), past the end of an
 * exact count the last page shows, like every staff list; past a capped one, the page asked
 * for (empty, with Previous). The API (`"empty"`) answers the page asked for, empty past the
 * end with the real total, as its other lists answer an offset past the end.
 */
export async function findAuditPage(
  filter: AuditFilter,
  page: number,
  pageSize = AUDIT_PAGE_SIZE,
  pastTheEnd: "last" | "empty" = "last",
): Promise<AuditPage> {
  const counted = await countUpToCap(filter);
  const capped = counted > AUDIT_COUNT_CAP;
  const total = capped ? AUDIT_COUNT_CAP : counted;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const shown = capped || pastTheEnd === "empty" ? Math.max(1, page) : Math.min(Math.max(1, page), lastPage);
  const offset = (shown - 1) * pageSize;
  // One more than the page, to know whether another follows without counting them all.
  const rows = await rowsOfPage(newestFirst(filter), "audit_entries", pageSize + 1, offset);
  return {
    entries: rows.slice(0, pageSize).map(toEntry),
    page: shown,
    pageSize,
    total,
    capped,
    hasMore: rows.length > pageSize,
  };
}

/** Every matching entry, newest first, a batch at a time (the CSV): memory stays flat. */
export async function* auditForExport(filter: AuditFilter, batchSize = 1000): AsyncGenerator<AuditEntry[]> {
  yield* inBatches(
    (after, limit) => {
      const query = newestFirst(filter).limit(limit);
      return (after ? query.where(olderThan("audit_entries", "at", after)) : query).execute();
    },
    (row) => row.at,
    toEntry,
    batchSize,
  );
}

/** The staff, for the person filter: everyone who has an account, active or not. */
export async function listAuditPeople(): Promise<{ id: number; name: string }[]> {
  const rows = await getDb()
    .selectFrom("admins")
    .select(["id", "name", "username", "active"])
    .orderBy("name")
    .orderBy("username")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: `${row.name || row.username}${row.active ? "" : " (deactivated)"}`,
  }));
}

/**
 * The actions and the kinds of record the trail holds, for the filters' choices. Each is
 * read by skipping through its index from one value to the next (a loose index scan), so a
 * million entries cost a few steps per distinct value, on either engine.
 */
export async function listAuditWords(): Promise<{ actions: string[]; entities: string[] }> {
  const distinct = async (column: "action" | "entity") => {
    const ref = sql.ref(column);
    const { rows } = await sql<{ value: string | null }>`
      with recursive found(value) as (
        select min(${ref}) from audit_entries
        union all
        select (select min(${ref}) from audit_entries where ${ref} > found.value) from found where found.value is not null
      )
      select value from found where value is not null`.execute(getDb());
    return rows.map((row) => row.value!).filter(Boolean);
  };
  const [actions, entities] = await Promise.all([distinct("action"), distinct("entity")]);
  return { actions, entities };
}
