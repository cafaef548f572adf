import { z } from "~/shared/zod";
import { flagField, optionalText, requiredText } from "~/shared/schema-fields";
import { photoField } from "~/content/media";

/**
 * An impact story: its fields and what is required, shared by the admin form (in the browser
 * and its action) and the /api/stories endpoints, and the story as the API and pages see it.
 */

export const storySchema = z.object({
  title: requiredText("Title", 200),
  summary: requiredText("Summary", 1000),
  content: requiredText("Full content", 50_000),
  is_active: flagField(true),
  is_featured: flagField(false),
  // Free text: a full URL, or a path on this site.
  video_url: optionalText("Video URL", 2000),
  image_filename: photoField,
});
export type StoryInput = z.output<typeof storySchema>;

/** An impact story. */
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

/** What a story's card shows: lists send this, not the full text, into the page. */
export type StoryCard = Pick<Story, "id" | "title" | "summary" | "image_filename" | "video_url" | "is_featured">;
