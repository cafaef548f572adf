import { isRole, ROLE_LABELS, ROLES, type Role } from "./roles";
import { requiredEmail, requiredText } from "~/shared/schema-fields";
import { z } from "~/shared/zod";

/**
 * The team's rules (issue 30): what an invitation, a change of roles, an acceptance and a
 * password reset take. The Team screen's forms and /api/staff validate with the same schemas.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** How long an invitation's link works (decision 149). */
export const INVITATION_HOURS = 72;
/** How long a password reset's link works (decision 149). */
export const PASSWORD_RESET_MINUTES = 60;

/**
 * One or more roles: a JSON list, or the Team form's checkboxes (one ticked box arrives as a
 * single value, several as a list). Each must be a role the site knows.
 */
export const rolesField = z.preprocess(
  (raw) => (raw === undefined || raw === null || raw === "" ? [] : Array.isArray(raw) ? raw : [raw]),
  z
    .array(z.string({ message: "Each role must be a role's name" }))
    .superRefine((names, ctx) => {
      const unknown = names.filter((name) => !isRole(name));
      if (unknown.length)
        ctx.addIssue({
          code: "custom",
          message: `Unknown role: ${unknown.join(", ")}. The roles are ${ROLES.join(", ")}`,
        });
      else if (names.length === 0) ctx.addIssue({ code: "custom", message: "Choose at least one role" });
    })
    .transform((names) => ROLES.filter((role) => names.includes(role)) as Role[]),
);

export const invitationSchema = z.object({
  name: requiredText("Name", 100),
  email: requiredEmail(),
  roles: rolesField,
});
export type InvitationInput = z.infer<typeof invitationSchema>;

/** The Team screen's "Change roles" form: the roles a person is to hold (at least one). */
export const rolesChangeSchema = z.object({ roles: rolesField });

/** PATCH /api/staff/{id}: new roles (as the Team screen's form), active or not, or both. */
export const staffChangeSchema = z
  .object({
    roles: rolesChangeSchema.shape.roles.optional(),
    active: z.boolean({ message: "active must be true or false" }).optional(),
  })
  .refine((change) => change.roles !== undefined || change.active !== undefined, {
    message: "Give roles, active or both",
    path: ["roles"],
  });
export type StaffChange = z.infer<typeof staffChangeSchema>;

const newPassword = z
  .string({ message: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(1000, "Password is too long");

/** A username people type at sign-in: letters, digits and . _ - only. */
export const usernameField = requiredText("Username", 60).regex(
  /^[A-Za-z0-9._-]+$/,
  "A username may use letters, digits, dots, dashes and underscores only",
);

export const acceptInvitationSchema = z
  .object({ username: usernameField, password: newPassword, confirm: z.string().optional() })
  .refine((input) => input.confirm === undefined || input.confirm === input.password, {
    message: "The two passwords do not match",
    path: ["confirm"],
  });

export const forgotPasswordSchema = z.object({ email: requiredEmail() });

/** "Your details": the name the trail and the team show, and the address the site mails. */
export const ownDetailsSchema = z.object({ name: requiredText("Name", 100), email: requiredEmail() });

/** "Change your password", signed in: the one in use, then the new one (twice on the form). */
export const passwordChangeSchema = z
  .object({
    current_password: z.string({ message: "Enter your current password" }).min(1, "Enter your current password"),
    password: newPassword,
    confirm: z.string().optional(),
  })
  .refine((input) => input.confirm === undefined || input.confirm === input.password, {
    message: "The two passwords do not match",
    path: ["confirm"],
  });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string().optional() })
  .refine((input) => input.confirm === undefined || input.confirm === input.password, {
    message: "The two passwords do not match",
    path: ["confirm"],
  });

/** The username an invitation suggests: the email's local part, cut to what a username may hold. */
export function suggestedUsername(email: string): string {
  const local = email.split("@")[0] ?? "";
  const cleaned = local
    .replace(/[^A-Za-z0-9._-]/g, "")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, 60)
    .toLowerCase();
  return cleaned || "staff";
}

/** "Finance, Editor": the roles as people read them. */
export function roleWords(roles: readonly Role[]): string {
  return roles.map((role) => ROLE_LABELS[role]).join(", ");
}

/** The mail an invited person receives. */
export function invitationMail(input: { name: string; invitedBy: string; roles: readonly Role[]; url: string }) {
  return {
    subject: "You are invited to the foundation's staff area",
    greeting: `Assalamu alaikum ${input.name},`,
    paragraphs: [
      `${input.invitedBy} has invited you to join the staff area as ${roleWords(input.roles)}.`,
      `Open the link below to choose your username and password. It works once, for ${INVITATION_HOURS} hours.`,
    ],
    action: { label: "Accept the invitation", url: input.url },
    note: "If you did not expect this invitation, you can ignore this mail.",
  };
}

export function passwordResetMail(input: { name: string; url: string }) {
  return {
    subject: "Choose a new password",
    greeting: `Assalamu alaikum ${input.name},`,
    paragraphs: [
      "Someone asked to reset the password of your staff account. If it was you, open the link below to choose a new one.",
      `It works once, for ${PASSWORD_RESET_MINUTES} minutes. Choosing a new password signs you out everywhere.`,
    ],
    action: { label: "Choose a new password", url: input.url },
    note: "If you did not ask for this, you can ignore this mail: your password stays as it is.",
  };
}

export function passwordChangedMail(input: { name: string; username: string }) {
  return {
    subject: "Your password was changed",
    greeting: `Assalamu alaikum ${input.name},`,
    paragraphs: [
      `The password of your staff account (${input.username}) was just changed, and every sign-in and API token of yours was ended.`,
      "If this was not you, tell an owner of the site at once.",
    ],
  };
}

/** To the address a person had, when they change it: a stolen session must not move the account quietly. */
export function emailChangedMail(input: { name: string; username: string; email: string }) {
  return {
    subject: "Your staff account's email was changed",
    greeting: `Assalamu alaikum ${input.name},`,
    paragraphs: [
      `The email address of your staff account (${input.username}) was changed to ${input.email}. Mail for the account goes there from now on.`,
      "If this was not you, tell an owner of the site at once.",
    ],
  };
}
