import { z } from "~/shared/zod";
import { honeypotField, requiredEmail, requiredText } from "~/shared/schema-fields";

/** The footer newsletter form. `website` is a honeypot: people never see or fill it. */
export const newsletterSchema = z.object({
  email: requiredEmail(),
  website: honeypotField(),
});

/** A plain newsletter written by the staff: a subject and a message (blank lines make paragraphs). */
export const newsletterIssueSchema = z.object({
  /** Written into the form when it is shown: sending it twice (a double click) sends one issue. */
  issue_id: z
    .string({ message: "Reload the page and send again" })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Reload the page and send again"),
  subject: requiredText("Subject", 200),
  message: requiredText("Message", 20_000),
});

/** Where an address stands: waiting for its owner's confirmation, subscribed, or gone. */
export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
