import { z } from "./zod";

/** Field rules shared by the site's schemas, so every form words its errors alike. */

export function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export function optionalText(label: string, max: number) {
  // nullish, not a preprocess: conform turns an empty form field into undefined *inside*
  // a preprocess too, so only an optional wrapper lets an empty field through.
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? "");
}

/** A required address in email format, kept as typed apart from surrounding spaces. */
export function requiredEmail() {
  return z
    .string({ message: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address"));
}

/** A honeypot: a field people never see or fill; a bot that fills it is quietly ignored. */
export function honeypotField() {
  return z.string().optional();
}

/** true/false from JSON, or a form's "on"/"true"/"1"; absent or empty takes the default. */
export function flagField(fallback: boolean) {
  return z.preprocess(
    (raw) => {
      if (raw === undefined || raw === null || raw === "") return fallback;
      if (raw === true || raw === "true" || raw === "on" || raw === "1" || raw === 1) return true;
      if (raw === false || raw === "false" || raw === "off" || raw === "0" || raw === 0) return false;
      return raw;
    },
    z.boolean({ message: "Must be true or false" }),
  );
}
