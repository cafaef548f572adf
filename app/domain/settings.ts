import { z } from "zod";

/** The homepage impact statistics staff edit on the 'Impact Statistics Settings' screen. */
export const IMPACT_STATISTIC_KEYS = [
  "meals_provided",
  "families_supported",
  "orphans_cared_for",
  "total_raised",
] as const;
export type ImpactStatisticKey = (typeof IMPACT_STATISTIC_KEYS)[number];

/** Homepage media slots: one hero video, three programme images, six gallery items. */
export const MEDIA_KEYS = [
  "hero_video",
  "program_image_1",
  "program_image_2",
  "program_image_3",
  "gallery_item_1",
  "gallery_item_2",
  "gallery_item_3",
  "gallery_item_4",
  "gallery_item_5",
  "gallery_item_6",
] as const;
export type MediaKey = (typeof MEDIA_KEYS)[number];

export const IMPACT_STATISTIC_LABELS: Record<ImpactStatisticKey, string> = {
  meals_provided: "Meals Provided",
  families_supported: "Families Supported",
  orphans_cared_for: "Orphans Cared For",
  total_raised: "Total Raised",
};

export const DEFAULT_SETTING_DESCRIPTIONS: Record<ImpactStatisticKey | MediaKey, string> = {
  meals_provided: "Number of meals provided to families in need",
  families_supported: "Number of families supported with aid",
  orphans_cared_for: "Number of orphans receiving ongoing care",
  total_raised: "Total amount raised, in US dollars",
  hero_video: "Homepage hero video (YouTube, Vimeo or a video file)",
  program_image_1: "Emergency Relief programme image",
  program_image_2: "Orphan Care programme image",
  program_image_3: "Food & Water Aid programme image",
  gallery_item_1: "Gallery item 1 (photo or YouTube video)",
  gallery_item_2: "Gallery item 2 (photo or YouTube video)",
  gallery_item_3: "Gallery item 3 (photo or YouTube video)",
  gallery_item_4: "Gallery item 4 (photo or YouTube video)",
  gallery_item_5: "Gallery item 5 (photo or YouTube video)",
  gallery_item_6: "Gallery item 6 (photo or YouTube video)",
};

export function isImpactStatisticKey(key: string): key is ImpactStatisticKey {
  return (IMPACT_STATISTIC_KEYS as readonly string[]).includes(key);
}

/** total_raised is a dollar figure; the other statistics are counts. */
export function isDollarStatistic(key: string): boolean {
  return key === "total_raised";
}

export const SETTING_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

const MAX_STATISTIC = 1_000_000_000_000;

/**
 * A statistic's value: required, numeric, not negative. Accepts numbers or numeric text
 * (the API may send {"value": "31855"}) and stores a canonical string.
 */
export const statisticValueSchema = z
  .union([z.number(), z.string()], { message: "Value is required" })
  .transform((raw, ctx) => {
    const text = typeof raw === "number" ? String(raw) : raw.trim().replace(/,/g, "");
    if (text === "") {
      ctx.addIssue({ code: "custom", message: "Value is required" });
      return z.NEVER;
    }
    const value = Number(text);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) || !Number.isFinite(value)) {
      ctx.addIssue({ code: "custom", message: "Value must be a number" });
      return z.NEVER;
    }
    if (value < 0) {
      ctx.addIssue({ code: "custom", message: "Value cannot be negative" });
      return z.NEVER;
    }
    if (value > MAX_STATISTIC) {
      ctx.addIssue({ code: "custom", message: "Value is too large" });
      return z.NEVER;
    }
    return String(value);
  });

const descriptionSchema = z
  .string()
  .trim()
  .max(500, "Description must be at most 500 characters")
  .nullish()
  .transform((value) => value ?? "");

/** The edit form of one statistic (admin screen and PUT /api/settings/{key}). */
export const statisticEditSchema = z.object({
  value: statisticValueSchema,
  description: descriptionSchema,
});

/** Any other setting's value is free text (media slots get their own rules). */
const freeValueSchema = z
  .union([z.string(), z.number()], { message: "Value is required" })
  .transform((raw) => String(raw).trim())
  .pipe(z.string().max(2000, "Value must be at most 2000 characters"));

export function settingUpdateSchemaFor(key: string) {
  return isImpactStatisticKey(key)
    ? statisticEditSchema
    : z.object({ value: freeValueSchema, description: descriptionSchema });
}

export const settingCreateSchema = z.object({
  key: z
    .string({ message: "Key is required" })
    .trim()
    .regex(SETTING_KEY_PATTERN, "Key must be lower-case letters, digits and underscores"),
});
