import { z } from "~/shared/zod";

/** How many recovery codes a person holds at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** How long a password given counts as recent, for turning two-factor off and other weighty changes. */
export const RECENT_PASSWORD_MS = 10 * 60 * 1000;

/** The page where the password is given again; `redirectTo` brings the person back. */
export const CONFIRM_PASSWORD_PATH = "/admin/security/confirm-password";
export const SECURITY_PATH = "/admin/security";

export const CODE_NEEDED_MESSAGE =
  "Two-factor sign-in is on for this account: give the 6-digit code from your authenticator app (or a recovery code).";
export const WRONG_CODE_MESSAGE = "That code is not right, or it was already used. Try the newest code.";
export const SETUP_REQUIRED_MESSAGE =
  "Two-factor sign-in is required for all staff: set it up on your Security page (/admin/security) first.";
/** The second step without a password given in this browser in the last five minutes. */
export const SIGN_IN_EXPIRED_MESSAGE = "Your sign-in took too long. Please enter your username and password again.";
/** POST /api/auth/login for a person whose only second factor is a passkey, which needs a browser. */
export const PASSKEY_ONLY_API_MESSAGE =
  "This account signs in with a passkey as its second factor, which only works in a browser (at /admin/login). " +
  "To use the API, turn on an authenticator app on your Security page (/admin/security) and send its code as `otp`.";
export const RECENT_PASSWORD_MESSAGE = "Confirm your password first: it was last given more than 10 minutes ago.";

/** What a person types: digits with spaces, or a recovery code with or without its dash. */
export function normalizedCode(raw: string): string {
  return raw.replace(/[\s-]/g, "").toLowerCase();
}

/** Six digits are an authenticator app's code; anything else is tried as a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The code field of the sign-in's second step, of turning the app on, and of the API's `otp`. */
export const codeSchema = z
  .string({ message: "Enter the code from your authenticator app" })
  .trim()
  .min(1, "Enter the code from your authenticator app")
  .max(40, "That is not a code");

export const secondStepSchema = z.object({ code: codeSchema });
export const confirmAppSchema = z.object({ code: codeSchema });
export const confirmPasswordSchema = z.object({
  password: z.string({ message: "Enter your password" }).min(1, "Enter your password").max(1000),
});

/** A recovery code as shown: two groups of five, e.g. `k7m2p-x9q4t`. */
export function formattedRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
