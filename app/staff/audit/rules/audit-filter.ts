import { isRealDate } from "~/shared/dates";

/**
 * What the Audit screen, its CSV and GET /api/audit/ filter by: the person, the action, the
 * kind of record (and one record of it: its history), and UTC days from and to (both kept).
 */
export interface AuditFilter {
  actorId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  /** YYYY-MM-DD, the first UTC day shown. */
  from?: string;
  /** YYYY-MM-DD, the last UTC day shown. */
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WORD = /^[a-z][a-z0-9_-]{0,39}$/;

/**
 * The filter in a query string (?actor=&action=&entity=&entity_id=&from=&to=). Anything
 * unusable is left out and reported: the screen says so, the API answers 422.
 */
export function readAuditFilter(params: URLSearchParams): { filter: AuditFilter; problem?: string } {
  const filter: AuditFilter = {};
  const problems: string[] = [];
  const actor = params.get("actor")?.trim();
  if (actor) {
    if (/^\d{1,9}$/.test(actor)) filter.actorId = Number(actor);
    else problems.push("actor must be a person's id");
  }
  for (const field of ["action", "entity"] as const) {
    const value = params.get(field)?.trim();
    if (!value) continue;
    if (WORD.test(value)) filter[field] = value;
    else problems.push(`${field} must be one word, as the trail writes it`);
  }
  const entityId = params.get("entity_id")?.trim();
  if (entityId) {
    if (!filter.entity) problems.push("entity_id needs entity");
    else if (entityId.length <= 100) filter.entityId = entityId;
    else problems.push("entity_id is too long");
  }
  for (const edge of ["from", "to"] as const) {
    const day = params.get(edge)?.trim();
    if (!day) continue;
    if (DAY.test(day) && isRealDate(day)) filter[edge] = day;
    else problems.push(`${edge} must be a date as YYYY-MM-DD`);
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    problems.push("from must not be after to");
    delete filter.to;
  }
  return problems.length ? { filter, problem: problems.join("; ") } : { filter };
}

/** The filter as an address's query, for links (the CSV, the first page, a record's history). */
export function auditFilterQuery(filter: AuditFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.actorId !== undefined) query.set("actor", String(filter.actorId));
  if (filter.action) query.set("action", filter.action);
  if (filter.entity) query.set("entity", filter.entity);
  if (filter.entityId) query.set("entity_id", filter.entityId);
  if (filter.from) query.set("from", filter.from);
  if (filter.to) query.set("to", filter.to);
  return query;
}

export function isAuditFiltered(filter: AuditFilter): boolean {
  return auditFilterQuery(filter).size > 0;
}

/** The address of one record's history on the Audit screen. */
export function auditHistoryHref(entity: string, entityId: string | number): string {
  return `/admin/audit?${new URLSearchParams({ entity, entity_id: String(entityId) })}`;
}

/**
 * The UTC day after `day`, as YYYY-MM-DD: a "to" day is kept whole by reading up to its next
 * day. After 9999-12-31 there is none written as YYYY-MM-DD (the next would be "+010000-01-01",
 * which sorts before every entry): undefined, and the range has no end.
 */
export function dayAfter(day: string): string | undefined {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  const next = date.toISOString();
  return DAY.test(next.slice(0, 10)) ? next.slice(0, 10) : undefined;
}
