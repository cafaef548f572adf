import { z } from "~/shared/zod";
import { honeypotField, requiredEmail, requiredText } from "~/shared/schema-fields";

/**
 * The volunteer form (name, email, one of eight interests), every field required, shared by
 * the page (in the browser and its action) and POST /api/volunteers/. `website` is a honeypot.
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

export const volunteerSignupSchema = z.object({
  name: requiredText("Full name", 100),
  email: requiredEmail(),
  interest: z.enum(VOLUNTEER_INTERESTS, { message: "Please choose an area of interest" }),
  website: honeypotField(),
});
export type VolunteerSignupInput = z.output<typeof volunteerSignupSchema>;
