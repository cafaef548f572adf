import { z } from "./zod";
import { honeypotField, requiredEmail } from "./schema-fields";

/** The footer newsletter form. `website` is a honeypot: people never see or fill it. */
export const newsletterSchema = z.object({
  email: requiredEmail(),
  website: honeypotField(),
});
