import { z } from "./zod";

/**
 * Numbers as people and clients send them: a JSON number, or text from a form field
 * ("1,250.50" with separators, a leading "$"). Empty means "not given".
 */
export function readNumber(raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === "number") return raw;
  if (typeof raw !== "string") return Number.NaN;
  const text = raw
    .trim()
    .replace(/^\$\s*/, "")
    .replace(/,/g, "");
  if (text === "") return undefined;
  // Number("") and Number(" ") are 0 and Number("0x10") is 16: only plain decimals count.
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** An empty form field or a JSON null means "not given", so the field's default applies. */
export function emptyIsUnset(raw: unknown): unknown {
  return raw === "" || raw === null ? undefined : raw;
}

/** True when a dollar amount has no more than two decimal places. */
export function hasWholeCents(dollars: number): boolean {
  return Math.abs(Number((dollars * 100).toPrecision(15)) - Math.round(dollars * 100)) < 1e-9;
}

/** A number of 0 or more; `fallback` when not given. */
export function nonNegativeNumber(fallback: number) {
  return z.preprocess(
    (raw) => readNumber(raw) ?? fallback,
    z
      .number({ message: "Must be a number" })
      .refine(Number.isFinite, "Must be a number")
      .refine((value) => value >= 0, "Cannot be negative")
      .refine((value) => value <= 1e12, "Is too large"),
  );
}
