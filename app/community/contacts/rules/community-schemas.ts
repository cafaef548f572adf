import { z } from "~/shared/zod";
import { honeypotField, requiredEmail, requiredText } from "~/shared/schema-fields";

/**
 * The contact form (name, email, message) and the volunteer form (name, email, one of eight
 * interests), every field required, shared by the pages (in the browser and their actions)
 * and POST /api/contact/ and /api/volunteers/. `website` is a honeypot: people never see
 * or fill it.
 */

export const VOLUNTEER_INTERESTS = [
  "Food Distribution",
  "Community Outreach",
  "Educational Support",
  "Event Organization",
  "Administrative Support",
  "Social Media & Marketing",
  "Fundraising",
  "Other",
] as const;

export const contactMessageSchema = z.object({
  name: requiredText("Name", 100),
  email: requiredEmail(),
  message: requiredText("Message", 5000),
  website: honeypotField(),
});
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

export const volunteerSignupSchema = z.object({
  name: requiredText("Full name", 100),
  email: requiredEmail(),
  interest: z.enum(VOLUNTEER_INTERESTS, { message: "Please choose an area of interest" }),
  website: honeypotField(),
});
export type VolunteerSignupInput = z.output<typeof volunteerSignupSchema>;

/** The Contacts screen's status filter. */
export const CONTACT_STATUSES = ["all", "pending", "resolved"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
