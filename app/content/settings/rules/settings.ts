import { z } from "~/shared/zod";
import { NIGHT_CUTOFF_HOUR, ramadanFirstNightRule, type RehearsalOption } from "~/giving/ramadan-nights";
import { findMediaSlot, SLOT_RULES } from "~/content/media";
import {
  APPROVAL_THRESHOLD_DEFAULT,
  APPROVAL_THRESHOLD_KEY,
  isDollarStatistic,
  isGivingSettingKey,
  isImpactStatisticKey,
  TOTAL_RAISED_SOURCE_KEY,
  TOTAL_RAISED_SOURCES,
  type GivingSettingKey,
  REQUIRE_TWO_FACTOR_KEY,
} from "./setting-keys";

export * from "./setting-keys";

export const SETTING_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

const MAX_STATISTIC = 1_000_000_000_000;
// Plain digits, or digits grouped by commas in threes ("1,250"); an optional fraction.
const NUMBER_PATTERN = /^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/**
 * A statistic's value: required, a number of 0 or more, given as a number or as text
 * (the API may send {"value": "31855"}); stored as canonical text. Counts are whole
 * numbers; total_raised is dollars and may have cents.
 */
export function statisticValueSchema(key: string) {
  const dollars = isDollarStatistic(key);
  return z.union([z.number(), z.string()], { message: "Value is required" }).transform((raw, ctx) => {
    // A dollar figure may be typed the way it is read: "$875,000".
    const typed = typeof raw === "number" ? String(raw) : raw.trim();
    const text = dollars ? typed.replace(/^\$\s*/, "") : typed;
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (text === "") return fail("Value is required");
    if (text.startsWith("-")) return fail("Value cannot be negative");
    if (!NUMBER_PATTERN.test(text)) return fail("Value must be a number");
    const value = Number(text.replace(/,/g, ""));
    if (!Number.isFinite(value) || value > MAX_STATISTIC) return fail("Value is too large");
    if (!dollars && !Number.isInteger(value)) return fail("Value must be a whole number");
    if (dollars && Math.round(value * 100) !== Number((value * 100).toPrecision(15))) {
      return fail("Value can have at most two decimal places");
    }
    return String(value);
  });
}

/** Absent keeps the stored description; null or text replaces it. */
const descriptionSchema = z
  .string()
  .trim()
  .max(500, "Description must be at most 500 characters")
  .nullish()
  .transform((value) => (value === null ? "" : value));

/** A media slot's value: empty (no media), a URL that fits the slot, or an uploaded file's name. */
function mediaValueSchema(accepts: (value: string) => boolean, message: string) {
  return z
    .union([z.string(), z.null()], { message: "Value must be text" })
    .transform((raw) => (raw ?? "").trim())
    .refine((value) => value === "" || accepts(value), { message });
}

function mediaRuleFor(key: string) {
  const slot = findMediaSlot(key);
  if (!slot) return undefined;
  const rule = SLOT_RULES[slot.kind];
  return mediaValueSchema((value) => rule.isUrl(value) || rule.isUploadedName(value), rule.message);
}

/** Any other setting's value is free text. */
const freeValueSchema = z
  .union([z.string(), z.number()], { message: "Value is required" })
  .transform((raw) => String(raw).trim())
  .pipe(z.string().max(2000, "Value must be at most 2000 characters"));

/** A number with at most two decimals from `min` to `max`, kept as canonical text ("2.9", "0.3"). */
function decimalSetting(min: number, max: number, message: string) {
  return z
    .union([z.number(), z.string()], { message })
    .transform((raw) =>
      typeof raw === "number"
        ? String(raw)
        : raw
            .trim()
            .replace(/^\$\s*/, "")
            .replace(/%$/, "")
            .trim(),
    )
    .refine((text) => /^\d+(\.\d{1,2})?$/.test(text) && Number(text) >= min && Number(text) <= max, message)
    .transform((text) => String(Number(text)));
}

/**
 * A night of Ramadan begins at sunset, so its gift is charged at an hour of the night:
 * from 17:00 on its evening, or after midnight before the 05:00 cut-off. An hour in the
 * daytime would charge the night before it has begun.
 */
export const EARLIEST_EVENING_HOUR = 17;
const CHARGE_HOUR_MESSAGE = `Give an hour of the night, ${EARLIEST_EVENING_HOUR} to 23 or 0 to ${NIGHT_CUTOFF_HOUR - 1}: a night begins at sunset, so it is never charged in the daytime before it`;

function isHourOfTheNight(hour: number): boolean {
  return (
    Number.isInteger(hour) && ((hour >= EARLIEST_EVENING_HOUR && hour <= 23) || (hour >= 0 && hour < NIGHT_CUTOFF_HOUR))
  );
}

/** The card fee's parts and the banner's appeal (an address, empty, or "off"). */
const GIVING_RULES: Record<GivingSettingKey, z.ZodType<string, unknown>> = {
  card_fee_percent: decimalSetting(0, 20, "Enter the per cent as a number from 0 to 20, e.g. 2.9"),
  card_fee_fixed: decimalSetting(0, 5, "Enter the fixed amount in dollars from 0 to 5, e.g. 0.30"),
  emergency_appeal: z
    .union([z.string(), z.null()], { message: "Give the appeal's address, e.g. winter-emergency" })
    .transform((raw) => (raw ?? "").trim().toLowerCase())
    .refine(
      (value) => value === "" || value === "off" || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value),
      "Give the appeal's address, e.g. winter-emergency, or off",
    ),
  ramadan_first_night: ramadanFirstNightRule(),
  ramadan_charge_hour: z
    .union([z.number(), z.string()], { message: CHARGE_HOUR_MESSAGE })
    .transform((raw) => String(raw).trim())
    .refine((text) => /^\d{1,2}$/.test(text) && isHourOfTheNight(Number(text)), CHARGE_HOUR_MESSAGE)
    .transform((text) => String(Number(text))),
};

/**
 * A giving setting's value as its rule reads it, or null when it is missing or outside the
 * rule, so whoever reads a stored value (the fee a donor may cover) checks it by the same
 * limits staff were held to when they saved it.
 */
export function givingSettingValue(key: GivingSettingKey, raw: unknown): string | null {
  const read = GIVING_RULES[key].safeParse(raw);
  return read.success ? read.data : null;
}

/**
 * The Giving section of the settings screen: the three giving settings in one form, each
 * by its own rule above. Choosing the banner's own words sends an empty value, which a
 * form reads as absent (conform does so even inside a preprocess), so absent means ''.
 */
export const givingSettingsSchema = z.object({
  card_fee_percent: GIVING_RULES.card_fee_percent,
  card_fee_fixed: GIVING_RULES.card_fee_fixed,
  emergency_appeal: GIVING_RULES.emergency_appeal.optional().transform((value) => value ?? ""),
  // Ramadan's settings have their own part of the screen: absent leaves the stored value alone.
  ramadan_first_night: GIVING_RULES.ramadan_first_night.optional(),
  ramadan_charge_hour: GIVING_RULES.ramadan_charge_hour.optional(),
});
export type GivingSettings = z.output<typeof givingSettingsSchema>;

const MAX_APPROVAL_THRESHOLD = 10_000_000;
const approvalThresholdRule = decimalSetting(
  0,
  MAX_APPROVAL_THRESHOLD,
  "Enter an amount in dollars from 0 to 10000000, e.g. 1000 (0 means every disbursement needs a second person)",
);

/** The approval threshold's form on the settings screen (the same rule as PUT /api/settings/{key}). */
export const approvalThresholdSchema = z.object({ threshold: approvalThresholdRule });

/**
 * The approval threshold in cents, as its rule reads the stored value; a missing or garbled
 * value is the default ($1,000), never "no approval at all".
 */
export function approvalThresholdCents(raw: string | undefined): number {
  const read = approvalThresholdRule.safeParse(raw ?? APPROVAL_THRESHOLD_DEFAULT.value);
  const dollars = read.success ? read.data : APPROVAL_THRESHOLD_DEFAULT.value;
  return Math.round(Number(dollars) * 100);
}
/** A yes-or-no setting, stored as "true" or "false" (the API may send a JSON boolean). */
const onOffRule = z
  .union([z.boolean(), z.string()], { message: "Give true or false" })
  .transform((raw) => String(raw).trim().toLowerCase())
  .refine((text) => text === "true" || text === "false", "Give true or false");

/** The Staff section of the settings screen: a checkbox sends "on" when ticked and nothing when not. */
export const staffSettingsSchema = z.object({
  require_two_factor: z
    .string()
    .optional()
    .transform((value) => (value === "on" || value === "true" ? "true" : "false")),
});

const totalRaisedSourceRule = z.enum(TOTAL_RAISED_SOURCES, {
  message: "Choose books (the transparency report's received) or typed (the figure in total_raised)",
});

/** The rules for one setting's {value, description}, by its key; a rehearsal as `ramadanFirstNightRule` says. */
export function settingUpdateSchemaFor(key: string, rehearsal: RehearsalOption = {}) {
  const value = isImpactStatisticKey(key)
    ? statisticValueSchema(key)
    : key === TOTAL_RAISED_SOURCE_KEY
      ? totalRaisedSourceRule
      : key === APPROVAL_THRESHOLD_KEY
        ? approvalThresholdRule
        : key === REQUIRE_TWO_FACTOR_KEY
          ? onOffRule
          : key === "ramadan_first_night"
            ? ramadanFirstNightRule(rehearsal)
            : isGivingSettingKey(key)
              ? GIVING_RULES[key]
              : (mediaRuleFor(key) ?? freeValueSchema);
  return z.object({ value, description: descriptionSchema });
}

/** The edit form of one statistic on the settings screen (same rules as the API). */
export function statisticEditSchema(key: string) {
  return z.object({ value: statisticValueSchema(key), description: descriptionSchema });
}

/**
 * The Total Raised form on the settings screen: the books, or a figure staff type (then
 * required, by the statistic's own rule). Choosing the books takes no figure: the typed one
 * left in the form's hidden box is neither checked nor written (the one last typed is kept).
 */
export const totalRaisedEditSchema = z
  .object({
    source: totalRaisedSourceRule,
    value: z.unknown().optional(),
    description: descriptionSchema,
  })
  .transform((choice, ctx) => {
    if (choice.source === "books") return { source: choice.source, description: choice.description };
    const value = statisticValueSchema("total_raised").safeParse(choice.value);
    if (value.success) return { source: choice.source, value: value.data, description: choice.description };
    for (const issue of value.error.issues) ctx.addIssue({ code: "custom", path: ["value"], message: issue.message });
    return z.NEVER;
  });
export type TotalRaisedChoice = z.output<typeof totalRaisedEditSchema>;

/**
 * Whether a Total Raised sent while the books are in charge is a figure the books showed
 * within the last day (dollars, between what they showed a day ago and what they show now):
 * the spec's client saving back the figure it read, though gifts came in since. Any other
 * figure is one staff chose. Compared in cents, as money is kept.
 */
export function isRecentBooksFigure(value: number, books: { dayAgo: number; now: number }): boolean {
  const cents = Math.round(value * 100);
  return cents >= Math.round(books.dayAgo * 100) && cents <= Math.round(books.now * 100);
}

export const settingCreateSchema = z.object({
  key: z
    .string({ message: "Key is required" })
    .trim()
    .regex(SETTING_KEY_PATTERN, "Key must be lower-case letters, digits and underscores"),
});
