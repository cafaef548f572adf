import { z } from "zod";

/**
 * How long a personal API token lives, chosen when it is made. Never for ever: a token
 * forgotten in a script dies by itself. 90 days unless the person picks otherwise.
 */
export const PERSONAL_TOKEN_DAYS = { "30": 30, "90": 90, "365": 365 } as const;
export type PersonalTokenLifetime = keyof typeof PERSONAL_TOKEN_DAYS;

export const personalTokenSchema = z.object({
  name: z
    .string({ message: "Give the token a name" })
    .trim()
    .min(1, "Give the token a name")
    .max(80, "At most 80 characters"),
  lifetime: z.enum(["30", "90", "365"], { message: "Choose 30, 90 or 365 days" }).default("90"),
});
export type PersonalTokenInput = z.output<typeof personalTokenSchema>;
