import { z } from "~/shared/zod";
import { honeypotField, requiredEmail, requiredText } from "~/shared/schema-fields";

/**
 * The contact form (name, email, message), every field required, shared by the page (in the
 * browser and its action) and POST /api/contact/. `website` is a honeypot: people never see
 * or fill it.
 */

export const contactMessageSchema = z.object({
  name: requiredText("Name", 100),
  email: requiredEmail(),
  message: requiredText("Message", 5000),
  website: honeypotField(),
});
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

/** The Contacts screen's status filter. */
export const CONTACT_STATUSES = ["all", "pending", "resolved"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
