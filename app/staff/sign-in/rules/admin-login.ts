import { hasControlCharacters } from "~/shared/text";
import { z } from "~/shared/zod";

export const adminLoginSchema = z.object({
  username: z.string({ message: "Username is required" }).trim().min(1, "Username is required").max(100),
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(1000),
});

/**
 * POST /api/auth/login: the form's fields and, for a person with two-factor on, `otp` (a code
 * from their app or a recovery code). A code sent as a JSON number keeps its leading zeros.
 */
export const apiLoginSchema = adminLoginSchema.extend({
  otp: z
    .union([z.string(), z.number().int().nonnegative()], { message: "otp must be the code as text" })
    .transform((raw) => (typeof raw === "number" ? String(raw).padStart(6, "0") : raw.trim()))
    .pipe(z.string().max(40, "That is not a code"))
    .optional(),
});

export const INVALID_CREDENTIALS_MESSAGE = "Invalid username or password";

const LOCAL = "http://local.invalid";

/**
 * Only a path on this site may follow a sign-in. The target is resolved the way a
 * browser would resolve it, so tricks like `//host`, `/\\host` or control characters
 * that browsers strip (`/\t/host`) cannot lead to another site.
 */
export function safeRedirectPath(target: unknown, fallback = "/admin"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.includes("\\") || hasControlCharacters(target)) {
    return fallback;
  }
  try {
    const url = new URL(target, LOCAL);
    return url.origin === LOCAL ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** Where a password reset by mail ends: the sign-in page, saying so (not the used-up link's page). */
export const PASSWORD_RESET_DONE_PATH = "/admin/login?reset=done";

export const PASSWORD_RESET_DONE_NOTICE =
  "Your password was changed. You were signed out everywhere, and your API tokens no longer work: " +
  "sign in with your new password.";
