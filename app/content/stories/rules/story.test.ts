import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PHOTO_URL_ERROR } from "~/content/media";
import { storySchema } from "./story";

function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe("storySchema", () => {
  it("requires title, summary and content, and defaults the flags", () => {
    expect(errors(storySchema.safeParse({}))).toEqual({
      title: "Title is required",
      summary: "Summary is required",
      content: "Full content is required",
    });
    expect(storySchema.parse({ title: " T ", summary: "S", content: "C" })).toEqual({
      title: "T",
      summary: "S",
      content: "C",
      is_active: true,
      is_featured: false,
      video_url: "",
      image_filename: "",
    });
  });

  it("reads flags from JSON and from forms, and lets the video be any text", () => {
    const base = { title: "T", summary: "S", content: "C" };
    expect(
      storySchema.parse({ ...base, is_active: false, is_featured: "on", video_url: "/videos/a.mp4" }),
    ).toMatchObject({
      is_active: false,
      is_featured: true,
      video_url: "/videos/a.mp4",
    });
    expect(errors(storySchema.safeParse({ ...base, is_active: "maybe" }))).toEqual({
      is_active: "Must be true or false",
    });
  });

  it("applies the photo rule, accepting uploaded names", () => {
    const base = { title: "T", summary: "S", content: "C" };
    expect(errors(storySchema.safeParse({ ...base, image_filename: "https://example.org/page.html" }))).toEqual({
      image_filename: PHOTO_URL_ERROR,
    });
    expect(errors(storySchema.safeParse({ ...base, image_filename: "../../etc/passwd.jpg" }))).toEqual({
      image_filename: PHOTO_URL_ERROR,
    });
    expect(storySchema.parse({ ...base, image_filename: "0123456789abcdef0123456789abcdef.webp" }).image_filename).toBe(
      "0123456789abcdef0123456789abcdef.webp",
    );
    expect(storySchema.parse({ ...base, image_filename: "https://images.unsplash.com/photo-1" }).image_filename).toBe(
      "https://images.unsplash.com/photo-1",
    );
  });
});

/**
 * The admin and public forms parse with conform, which turns every empty field into
 * "not given" before the schema sees it: a form with its optional fields left empty
 * must pass, and a required one left empty must say so.
 */
describe("the schema as forms send it", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("accepts a story with every optional field empty", () => {
    const story = parseWithZod(
      form({
        title: "T",
        summary: "S",
        content: "C",
        video_url: "",
        image_filename: "",
        is_active: "on",
        is_featured: "false",
      }),
      { schema: storySchema },
    );
    expect(story).toMatchObject({
      status: "success",
      value: { video_url: "", image_filename: "", is_active: true, is_featured: false },
    });
  });

  it("names each required field left empty, and a bad photo URL", () => {
    const story = parseWithZod(
      form({ title: "", summary: "", content: "", image_filename: "https://example.org/page" }),
      { schema: storySchema },
    );
    expect(story.status).toBe("error");
    expect(story.reply().error).toEqual({
      title: ["Title is required"],
      summary: ["Summary is required"],
      content: ["Full content is required"],
      image_filename: [PHOTO_URL_ERROR],
    });
  });
});
