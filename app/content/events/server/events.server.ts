import { eventSchema, type CharityEvent } from "../rules/event";
import { todayIn } from "~/shared/dates";
import { UPLOAD_FOLDERS } from "~/content/media";
import { paged, pageOfRows, type ListPage } from "~/lib/list-pages.server";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { overStored } from "~/lib/record-updates.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import type { EventRow } from "../../../../db/schema";
import { uploadReference } from "~/content/media/index.server";
import { recordAudit } from "~/staff/audit/index.server";

const eventPicture = uploadReference("image", () => UPLOAD_FOLDERS.events);

export type { CharityEvent };

function toEvent(row: EventRow): CharityEvent {
  return { ...row };
}

/** Today where the foundation is: it decides which events are upcoming. */
export function foundationToday(): string {
  return todayIn(getEnv().SITE_TIMEZONE);
}

export interface EventListOptions {
  upcomingOnly?: boolean;
  /** Soonest first (the public and the API) or latest first (the admin table). */
  order?: "soonest" | "latest";
  limit?: number;
  offset?: number;
}

export async function listEvents(options: EventListOptions = {}): Promise<CharityEvent[]> {
  const direction = options.order === "latest" ? "desc" : "asc";
  let query = getDb().selectFrom("events").selectAll().orderBy("date", direction).orderBy("id", direction);
  // Dates sort as text: 'YYYY-MM-DD' and 'YYYY-MM-DDTHH:MM' of today both come on or after today.
  if (options.upcomingOnly) query = query.where("date", ">=", foundationToday());
  query = paged(query, options);
  return (await query.execute()).map(toEvent);
}

/** The Events page: upcoming ones soonest first, past ones most recent first. */
export async function eventsByTiming(): Promise<{ today: string; upcoming: CharityEvent[]; past: CharityEvent[] }> {
  const today = foundationToday();
  const [upcoming, past] = await Promise.all([
    getDb()
      .selectFrom("events")
      .selectAll()
      .where("date", ">=", today)
      .orderBy("date", "asc")
      .orderBy("id", "asc")
      .execute(),
    getDb()
      .selectFrom("events")
      .selectAll()
      .where("date", "<", today)
      .orderBy("date", "desc")
      .orderBy("id", "desc")
      .execute(),
  ]);
  return { today, upcoming: upcoming.map(toEvent), past: past.map(toEvent) };
}

/** One page of the staff's list, latest date first (past the end: the last page). */
export async function findEventPage(page: number, pageSize: number): Promise<ListPage<CharityEvent>> {
  return pageOfRows(countEvents, (limit, offset) => listEvents({ order: "latest", limit, offset }), page, pageSize);
}

export async function countEvents(): Promise<number> {
  const row = await getDb()
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getEvent(id: number): Promise<CharityEvent> {
  const row = await getDb().selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Event not found");
  return toEvent(row);
}

export async function createEvent(input: unknown): Promise<CharityEvent> {
  const values = parseOrThrow(eventSchema, input);
  await eventPicture.checkBeforeSave(values.image);
  const row = await getDb().insertInto("events").values(values).returningAll().executeTakeFirstOrThrow();
  await recordAudit({
    action: "create",
    entity: "event",
    entityId: row.id,
    summary: `Event: ${row.title}`,
    after: toEvent(row),
  });
  return toEvent(row);
}

export async function updateEvent(id: number, input: unknown): Promise<CharityEvent> {
  const stored = await getEvent(id);
  const values = parseOrThrow(eventSchema, overStored(stored, input));
  await eventPicture.checkBeforeSave(values.image, stored.image);
  const row = await getDb()
    .updateTable("events")
    .set({ ...values, updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Event not found");
  await recordAudit({
    action: "update",
    entity: "event",
    entityId: id,
    summary: `Event: ${row.title}`,
    before: stored,
    after: toEvent(row),
  });
  await eventPicture.releaseAfter(stored.image, row.image);
  return toEvent(row);
}

export async function deleteEvent(id: number): Promise<void> {
  const row = await getDb().deleteFrom("events").where("id", "=", id).returningAll().executeTakeFirst();
  if (!row) throw new NotFoundError("Event not found");
  await recordAudit({
    action: "delete",
    entity: "event",
    entityId: id,
    summary: `Event: ${row.title}`,
    before: toEvent(row),
  });
  await eventPicture.releaseAfter(row.image);
}
