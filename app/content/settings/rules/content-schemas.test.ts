import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { eventSchema, storySchema, testimonialSchema, testimonialSubmissionSchema } from "./content-schemas";
import { PHOTO_URL_ERROR } from "~/content/media";

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

describe("eventSchema", () => {
  const base = { title: "Iftar", description: "D", location: "Hall" };

  it("needs a real date, with or without a time", () => {
    expect(eventSchema.parse({ ...base, date: "2026-12-14" }).date).toBe("2026-12-14");
    expect(eventSchema.parse({ ...base, date: "2026-12-14 18:30" }).date).toBe("2026-12-14T18:30");
    expect(errors(eventSchema.safeParse({ ...base, date: "2026-02-30" }))).toEqual({
      date: "Please enter a real date as YYYY-MM-DD",
    });
    expect(eventSchema.parse({ ...base, date: "2026-12-14T23:59:59" }).date).toBe("2026-12-14T23:59:59");
    for (const date of ["2026-12-01T25:99", "2026-12-01T24:00", "2026-12-01T12:60", "2026-12-01T12:30:60"]) {
      expect(errors(eventSchema.safeParse({ ...base, date })), date).toEqual({
        date: "Please enter a real date as YYYY-MM-DD",
      });
    }
    expect(errors(eventSchema.safeParse({ ...base, date: "" }))).toEqual({ date: "Date is required" });
    expect(errors(eventSchema.safeParse({ date: "2026-12-14" }))).toEqual({
      title: "Title is required",
      description: "Description is required",
      location: "Location is required",
    });
  });
});

describe("testimonialSchema", () => {
  it("defaults rating 5, category donor, not approved", () => {
    expect(testimonialSchema.parse({ name: "Yusuf", text: "Thank you" })).toEqual({
      name: "Yusuf",
      country: "",
      text: "Thank you",
      rating: 5,
      video_url: "",
      category: "donor",
      is_approved: false,
      image_filename: "",
    });
  });

  it("refuses ratings outside 1-5 and unknown categories", () => {
    expect(errors(testimonialSchema.safeParse({ name: "Y", text: "T", rating: 6, category: "celebrity" }))).toEqual({
      rating: "Rating must be a whole number from 1 to 5",
      category: "Choose donor, recipient, volunteer or other",
    });
    expect(
      testimonialSchema.parse({ name: "Y", text: "T", rating: "3", category: "recipient", is_approved: "true" }),
    ).toMatchObject({
      rating: 3,
      category: "recipient",
      is_approved: true,
    });
  });
});

describe("testimonialSubmissionSchema", () => {
  it("has no approval or media to set", () => {
    const parsed = testimonialSubmissionSchema.parse({
      name: "A",
      text: "B",
      is_approved: true,
      image_filename: "https://x.org/a.jpg",
    });
    expect(parsed).toEqual({ name: "A", country: "", text: "B", rating: 5 });
  });
});

/**
 * The admin and public forms parse with conform, which turns every empty field into
 * "not given" before the schema sees it: a form with its optional fields left empty
 * must pass, and a required one left empty must say so.
 */
describe("the schemas as forms send them", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("accept a story, an event and a testimonial with every optional field empty", () => {
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
    const event = parseWithZod(
      form({ title: "T", description: "D", date: "2026-12-01", location: "Hall", image: "" }),
      { schema: eventSchema },
    );
    expect(event).toMatchObject({ status: "success", value: { image: "", date: "2026-12-01" } });
    const testimonial = parseWithZod(
      form({
        name: "N",
        country: "",
        text: "T",
        rating: "",
        category: "",
        video_url: "",
        image_filename: "",
        is_approved: "false",
      }),
      { schema: testimonialSchema },
    );
    expect(testimonial).toMatchObject({
      status: "success",
      value: { country: "", rating: 5, category: "donor", is_approved: false },
    });
    const shared = parseWithZod(form({ name: "N", country: "", text: "T", website: "" }), {
      schema: testimonialSubmissionSchema,
    });
    expect(shared).toMatchObject({ status: "success", value: { country: "", rating: 5 } });
  });

  it("name each required field left empty, and a bad photo URL", () => {
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
    const event = parseWithZod(form({ title: "T", description: "D", date: "", location: "" }), { schema: eventSchema });
    expect(event.reply().error).toEqual({ date: ["Date is required"], location: ["Location is required"] });
  });
});
