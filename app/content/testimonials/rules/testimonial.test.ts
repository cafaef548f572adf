import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { testimonialSchema, testimonialSubmissionSchema } from "./testimonial";

function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

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
describe("the schema as forms send it", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("accepts a testimonial and a shared experience with every optional field empty", () => {
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
});
