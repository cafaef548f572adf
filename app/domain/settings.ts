import { z } from "zod";
import { isImpactStatisticKey } from "./setting-keys";

export * from "./setting-keys";

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
