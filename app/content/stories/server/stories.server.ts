import { storySchema, type Story, type StoryCard } from "../rules/story";
import { paged, pageOfRows, type ListPage } from "~/lib/list-pages.server";
import { getDb, nowIso } from "~/lib/db.server";
import { UPLOAD_FOLDERS } from "~/content/media";
import { overStored } from "~/lib/record-updates.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import type { StoryRow } from "../../../../db/schema";
import { uploadReference } from "~/content/media/index.server";
import { recordAudit } from "~/staff/audit/index.server";

const storyPhoto = uploadReference("image_filename", () => UPLOAD_FOLDERS.stories);

export type { Story, StoryCard };

function toStory(row: StoryRow): Story {
  return { ...row, is_active: row.is_active === 1, is_featured: row.is_featured === 1 };
}

/** Who is reading: the public sees active stories only, whatever it asks for; staff see all. */
export interface Reader {
  staff: boolean;
}

export interface StoryListOptions {
  activeOnly?: boolean;
  featuredOnly?: boolean;
  limit?: number;
  offset?: number;
}

/** Stories, newest first. */
export async function listStories(options: StoryListOptions = {}, reader: Reader = { staff: false }): Promise<Story[]> {
  let query = getDb().selectFrom("stories").selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if (options.activeOnly || !reader.staff) query = query.where("is_active", "=", 1);
  if (options.featuredOnly) query = query.where("is_featured", "=", 1);
  query = paged(query, options);
  const rows = await query.execute();
  return rows.map(toStory);
}

/** One page of the staff's list, every story newest first (past the end: the last page). */
export async function findStoryPage(page: number, pageSize: number): Promise<ListPage<Story>> {
  return pageOfRows(countStories, (limit, offset) => listStories({ limit, offset }, { staff: true }), page, pageSize);
}

export async function countStories(): Promise<number> {
  const row = await getDb()
    .selectFrom("stories")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function storyCard({ id, title, summary, image_filename, video_url, is_featured }: Story): StoryCard {
  return { id, title, summary, image_filename, video_url, is_featured };
}

/** One story; an unknown one, or an inactive one for the public, is not found. */
export async function getStory(id: number, reader: Reader = { staff: false }): Promise<Story> {
  const row = await getDb().selectFrom("stories").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || (!reader.staff && row.is_active !== 1)) throw new NotFoundError("Story not found");
  return toStory(row);
}

function storyValues(input: unknown) {
  const story = parseOrThrow(storySchema, input);
  return { ...story, is_active: story.is_active ? 1 : 0, is_featured: story.is_featured ? 1 : 0 } as const;
}

export async function createStory(input: unknown): Promise<Story> {
  const values = storyValues(input);
  await storyPhoto.checkBeforeSave(values.image_filename);
  const row = await getDb().insertInto("stories").values(values).returningAll().executeTakeFirstOrThrow();
  await recordAudit({
    action: "create",
    entity: "story",
    entityId: row.id,
    summary: `Story: ${row.title}`,
    after: toStory(row),
  });
  return toStory(row);
}

export async function updateStory(id: number, input: unknown): Promise<Story> {
  const stored = await getStory(id, { staff: true });
  const values = storyValues(overStored(stored, input));
  await storyPhoto.checkBeforeSave(values.image_filename, stored.image_filename);
  const row = await getDb()
    .updateTable("stories")
    .set({ ...values, updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Story not found");
  await recordAudit({
    action: "update",
    entity: "story",
    entityId: id,
    summary: `Story: ${row.title}`,
    before: stored,
    after: toStory(row),
  });
  await storyPhoto.releaseAfter(stored.image_filename, row.image_filename);
  return toStory(row);
}

export async function deleteStory(id: number): Promise<void> {
  const row = await getDb().deleteFrom("stories").where("id", "=", id).returningAll().executeTakeFirst();
  if (!row) throw new NotFoundError("Story not found");
  await recordAudit({
    action: "delete",
    entity: "story",
    entityId: id,
    summary: `Story: ${row.title}`,
    before: toStory(row),
  });
  await storyPhoto.releaseAfter(row.image_filename);
}
