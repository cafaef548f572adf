import { z } from "~/shared/zod";
import { emptyIsUnset, readNumber } from "~/shared/amount-input";
import { flagField, honeypotField, optionalText, requiredText } from "~/shared/schema-fields";
import { photoField } from "~/content/media";

/**
 * A testimonial: the admin form's and the public 'Share your experience' form's fields, shared
 * with the /api/testimonials endpoints, and the testimonial as the API and pages see it.
 */

export const TESTIMONIAL_CATEGORIES = ["donor", "recipient", "volunteer", "other"] as const;
export type TestimonialCategory = (typeof TESTIMONIAL_CATEGORIES)[number];

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

/** A testimonial. */
export interface Testimonial {
  id: number;
  name: string;
  country: string;
  text: string;
  rating: number;
  video_url: string;
  category: "donor" | "recipient" | "volunteer" | "other";
  is_approved: boolean;
  image_filename: string;
  created_at: string;
  updated_at: string;
}
