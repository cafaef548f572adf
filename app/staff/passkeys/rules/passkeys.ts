import { z } from "~/shared/zod";

/** How long a password (or a passkey) counts as just given, for adding a passkey. */
export const RECENT_PASSWORD_MINUTES = 10;

/** The name a person gives a passkey ("Work laptop"): the same rule for the form and the ceremony. */
export const passkeyNameSchema = z
  .string({ error: "Give the passkey a name" })
  .trim()
  .min(1, "Give the passkey a name")
  .max(60, "Keep the name under 60 characters");

export const newPasskeySchema = z.object({ name: passkeyNameSchema });

export const renamePasskeySchema = z.object({
  id: z.coerce.number().int().positive(),
  name: passkeyNameSchema,
});

export const confirmPasswordSchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password"),
});

/** A passkey as its list shows it. */
export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What the sign-in page says for every refused passkey: it tells a guesser nothing. */
export const PASSKEY_REFUSED_MESSAGE =
  "That passkey could not sign you in. Try another, or sign in with your password.";

/** A passkey refused where only the person's own are offered (sign-in's second step, "Confirm your password"). */
export const PASSKEY_NOT_ACCEPTED_MESSAGE =
  "That passkey was not accepted. Use one of your own passkeys and try again.";

/** A ceremony offering the person's own passkeys, asked for by someone who has none. */
export const NO_PASSKEYS_MESSAGE = "You have no passkeys. Use your password or your authenticator app instead.";

/** The mail a person receives when a passkey is added to their account. */
export function passkeyAddedMail(input: {
  personName: string;
  passkeyName: string;
  addedAt: string;
  manageUrl: string;
}) {
  return {
    subject: "A new passkey was added to your account",
    greeting: `Dear ${input.personName},`,
    paragraphs: [
      `A passkey named “${input.passkeyName}” was added to your staff account on ${input.addedAt.slice(0, 10)} (UTC). It can sign you in without your password.`,
      "If you added it, there is nothing more to do. If you did not, remove it now and change your password, then tell an owner of the site.",
    ],
    action: { label: "Review your passkeys", url: input.manageUrl },
    note: "You receive this mail whenever a passkey is added to your staff account.",
  };
}
