import { z } from "zod";

/** The footer newsletter form. `website` is a honeypot: people never see or fill it. */
export const newsletterSchema = z.object({
  email: z
    .string({ message: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address")),
  website: z.string().optional(),
});
