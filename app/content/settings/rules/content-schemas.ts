import { z } from "~/shared/zod";
import { emptyIsUnset, readNumber } from "~/shared/amount-input";
import { isRealDate } from "~/shared/dates";
import { flagField, honeypotField, optionalText, requiredText } from "~/shared/schema-fields";
import {
  isDemoPhotoPath,
  isUploadedFileName,
  isValidPhotoUrl,
  PHOTO_EXTENSIONS,
  PHOTO_URL_ERROR,
} from "~/content/media";

/**
 * Stories, events and testimonials (their fields, what is required, the photo rule), shared
 * by the admin forms (in the browser and their actions), the public testimonial form and
 * the /api/* endpoints.
 */

export const TESTIMONIAL_CATEGORIES = ["donor", "recipient", "volunteer", "other"] as const;
export type TestimonialCategory = (typeof TESTIMONIAL_CATEGORIES)[number];

/**
 * The photo rule: optional, but when given an http(s) photo URL (media-urls.ts), the name of a
 * photo uploaded to this site, or the path of one of the demo's photos shipped with it.
 */
export const photoField = z
  .string({ message: PHOTO_URL_ERROR })
  .trim()
  .max(2000, { message: PHOTO_URL_ERROR, abort: true })
  .refine(
    (value) =>
      value === "" || isValidPhotoUrl(value) || isUploadedFileName(value, PHOTO_EXTENSIONS) || isDemoPhotoPath(value),
    PHOTO_URL_ERROR,
  )
  .nullish()
  .transform((value) => value ?? "");

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

// A day, optionally with a time of day that exists (00:00 to 23:59[:59]).
const EVENT_DATE = /^\d{4}-\d{2}-\d{2}([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/;

export const eventSchema = z.object({
  title: requiredText("Title", 200),
  description: requiredText("Description", 5000),
  date: z
    .string({ message: "Date is required" })
    .trim()
    .min(1, "Date is required")
    .refine(
      (value) => value === "" || (EVENT_DATE.test(value) && isRealDate(value)),
      "Please enter a real date as YYYY-MM-DD",
    )
    .transform((value) => value.replace(" ", "T")),
  location: requiredText("Location", 300),
  image: photoField,
});
export type EventInput = z.output<typeof eventSchema>;

const rating = z.preprocess(
  (raw) => readNumber(emptyIsUnset(raw)) ?? 5,
  z
    .number({ message: "Rating must be a whole number from 1 to 5" })
    .int("Rating must be a whole number from 1 to 5")
    .min(1, "Rating must be a whole number from 1 to 5")
    .max(5, "Rating must be a whole number from 1 to 5"),
);

export const testimonialSchema = z.object({
  name: requiredText("Name", 100),
  country: optionalText("Country", 100),
  text: requiredText("Text", 2000),
  rating,
  video_url: optionalText("Video URL", 2000),
  category: z.preprocess(
    emptyIsUnset,
    z.enum(TESTIMONIAL_CATEGORIES, { message: "Choose donor, recipient, volunteer or other" }).default("donor"),
  ),
  is_approved: flagField(false),
  image_filename: photoField,
});
export type TestimonialInput = z.output<typeof testimonialSchema>;

/** The public 'Share your experience' form: no approval, no media. `website` is a honeypot. */
export const testimonialSubmissionSchema = z.object({
  name: requiredText("Your name", 100),
  country: optionalText("Country", 100),
  text: requiredText("Your experience", 1000),
  rating,
  website: honeypotField(),
});
