import { getDb } from "~/lib/db.server";
import type { StoryRow } from "../../db/schema";

/** A story as the API and the pages see it (flags as booleans, text never null). */
export interface Story {
  id: number;
  title: string;
  summary: string;
  content: string;
  is_active: boolean;
  is_featured: boolean;
  video_url: string;
  image_filename: string;
  created_at: string;
  updated_at: string;
}

export function toStory(row: StoryRow): Story {
  return { ...row, is_active: row.is_active === 1, is_featured: row.is_featured === 1 };
}

export interface StoryListOptions {
  activeOnly?: boolean;
  featuredOnly?: boolean;
  limit?: number;
  offset?: number;
}

/** Stories, newest first. Public pages ask for active ones; the admin sees all. */
export async function listStories(options: StoryListOptions = {}): Promise<Story[]> {
  let query = getDb().selectFrom("stories").selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if (options.activeOnly) query = query.where("is_active", "=", 1);
  if (options.featuredOnly) query = query.where("is_featured", "=", 1);
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  else if (options.offset) query = query.limit(-1).offset(options.offset);
  const rows = await query.execute();
  return rows.map(toStory);
}
