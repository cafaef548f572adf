import { z } from "~/shared/zod";
import { emptyIsUnset, readNumber } from "~/shared/amount-input";
import { flagField, optionalText, requiredText } from "~/shared/schema-fields";
import { photoField } from "~/content/media";
import { calendarDay, dollarsField } from "~/funds/funds";
import { MAXIMUM_ONLINE_DONATION, MINIMUM_DONATION } from "~/giving/donate";

/**
 * An appeal as staff write it: the admin form (in the browser and its action) and
 * POST/PUT /api/appeals/ share these rules.
 */

export const APPEAL_STATUSES = ["draft", "live", "closed"] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = { draft: "Draft", live: "Live", closed: "Closed" };

export const STORY_FORMATS = ["plain", "markdown"] as const;
export type StoryFormat = (typeof STORY_FORMATS)[number];

/** An address: lower-case letters, digits and single hyphens, as /appeals/{slug} shows it. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 80;
const SLUG_RULE = "Use lower-case letters, digits and hyphens, e.g. winter-emergency";

/** Letters with no accent to take off, written as a reader would say them. */
const OWN_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ð: "d",
  þ: "th",
  ı: "i",
  ł: "l",
  đ: "d",
};

/** The address proposed from a title: "Winter Emergency in Gaza" is "winter-emergency-in-gaza". */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    // "Children's" is one word ("childrens"), and letters that do not decompose keep their sound.
    .replace(/['’ʼʻʿʾ`]/g, "")
    .replace(/[ßæœøðþıłđ]/g, (letter) => OWN_LETTERS[letter] ?? "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, "") || "appeal";
}

/** Up to six preset amounts the appeal's donate form offers. */
export const MAX_PRESET_AMOUNTS = 6;
const PRESETS_RULE = `Give up to ${MAX_PRESET_AMOUNTS} whole-dollar amounts separated by commas, e.g. 50, 100, 250`;

/** "50, 100, 250" (a form) or [50, 100, 250] (the API) as whole dollars, in order, without repeats. */
export const presetAmountsField = z
  .union([z.string(), z.array(z.union([z.number(), z.string()]))], { message: PRESETS_RULE })
  .nullish()
  .transform((raw, ctx) => {
    const parts =
      raw == null
        ? []
        : Array.isArray(raw)
          ? raw
          : raw.split(/[,;\s]+/).filter((part) => part.trim() !== "" && part.trim() !== "$");
    const amounts = parts.map((part) => readNumber(typeof part === "string" ? part.trim() : part));
    const usable = amounts.every(
      (amount) =>
        amount !== undefined &&
        Number.isInteger(amount) &&
        amount >= MINIMUM_DONATION &&
        amount <= MAXIMUM_ONLINE_DONATION,
    );
    if (!usable || amounts.length > MAX_PRESET_AMOUNTS) {
      ctx.addIssue({ code: "custom", message: PRESETS_RULE });
      return z.NEVER;
    }
    return [...new Set(amounts as number[])].sort((a, b) => a - b);
  });

/** The stored form of preset amounts: "50,100,250". */
export function presetAmountsText(amounts: readonly number[]): string {
  return amounts.join(",");
}

export function readPresetAmounts(stored: string): number[] {
  return stored
    .split(",")
    .map(Number)
    .filter((amount) => Number.isInteger(amount) && amount > 0);
}

const optionalDay = (label: string) => z.preprocess(emptyIsUnset, calendarDay(label).optional());

export const appealSchema = z
  .object({
    title: requiredText("Title", 200),
    // Empty: proposed from the title when the appeal is created, kept as it is otherwise.
    slug: z.preprocess(
      (raw) => (typeof raw === "string" ? raw.trim().toLowerCase() : raw) || undefined,
      z
        .string({ message: SLUG_RULE })
        .max(SLUG_MAX_LENGTH, `The address must be at most ${SLUG_MAX_LENGTH} characters`)
        .regex(SLUG_PATTERN, SLUG_RULE)
        .optional(),
    ),
    summary: requiredText("Summary", 500),
    // Kept with plain line ends, however the browser sent them.
    story: requiredText("Story", 50_000).transform((story) => story.replace(/\r\n?/g, "\n")),
    story_format: z.preprocess(
      emptyIsUnset,
      z.enum(STORY_FORMATS, { message: "Choose plain paragraphs or Markdown" }).default("plain"),
    ),
    image_filename: photoField,
    video_url: optionalText("Video URL", 2000),
    fund_id: z.preprocess(
      (raw) => readNumber(emptyIsUnset(raw)),
      z
        .number({ message: "Choose the fund this appeal raises for" })
        .int("Choose the fund this appeal raises for")
        .positive("Choose the fund this appeal raises for"),
    ),
    goal: z.preprocess(emptyIsUnset, dollarsField("Goal").optional()),
    preset_amounts: presetAmountsField,
    starts_on: calendarDay("Start date"),
    ends_on: optionalDay("End date"),
    status: z.preprocess(
      emptyIsUnset,
      z.enum(APPEAL_STATUSES, { message: "Choose draft, live or closed" }).default("draft"),
    ),
    is_featured: flagField(false),
  })
  .refine((appeal) => !appeal.ends_on || appeal.ends_on >= appeal.starts_on, {
    message: "The end date cannot be before the start date",
    path: ["ends_on"],
  });
export type AppealInput = z.output<typeof appealSchema>;

/** The admin list's filters: search words and a status. */
export const appealFilterSchema = z.object({
  search: z.string().trim().max(200).catch(""),
  status: z.enum(APPEAL_STATUSES).optional().catch(undefined),
});
