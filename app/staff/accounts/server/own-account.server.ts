import { sql } from "kysely";
import type { Admin } from "../rules/admin";
import { emailChangedMail, ownDetailsSchema, passwordChangeSchema } from "../rules/team";
import { InvalidCredentialsError, replacePassword, signInAdmin } from "./admins.server";
import { getDb, nowIso } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { parseOrThrow, ValidationError } from "~/lib/service-errors";
import { equalsIgnoringCase, uniqueViolation } from "~/lib/sql-dialect.server";
import { queueMail } from "~/mail/queue/index.server";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * "Your details" (issue 30: a person per account): each member of staff keeps their own name
 * and email, and changes their own password while signed in. The email is where a reset link
 * and every notice of the account go, so a change of it is told to the old address too.
 */

const EMAIL_TAKEN = "Someone on the staff already has this email address";

/** Whether the form's email differs from the person's own (the route asks for the password again then). */
export function changesEmail(admin: Admin, input: unknown): boolean {
  const typed = (input as { email?: unknown } | null)?.email;
  return typeof typed === "string" && typed.trim().toLowerCase() !== admin.email.toLowerCase();
}

/** Saves the person's own name and email; answers them as saved. */
export async function updateOwnDetails(admin: Admin, input: unknown): Promise<Admin> {
  const { name, email: typed } = parseOrThrow(ownDetailsSchema, input);
  const email = typed.toLowerCase();
  try {
    return await getDb()
      .transaction()
      .execute(async (trx) => {
        const taken = await trx
          .selectFrom("admins")
          .select("id")
          .where(equalsIgnoringCase(sql.ref("email"), email))
          .where("id", "<>", admin.id)
          .executeTakeFirst();
        if (taken) throw new ValidationError({ email: [EMAIL_TAKEN] });
        await trx.updateTable("admins").set({ name, email, updated_at: nowIso() }).where("id", "=", admin.id).execute();
        if (admin.email && admin.email !== email) {
          await queueMail(trx, {
            ...emailChangedMail({ name, username: admin.username, email }),
            kind: "staff-email-changed",
            to: admin.email,
          });
        }
        await recordAudit(
          {
            action: "update",
            entity: "staff",
            entityId: admin.id,
            summary: `${name} changed their own details`,
            before: { name: admin.name, email: admin.email },
            after: { name, email },
          },
          trx,
        );
        return { ...admin, name, email };
      });
  } catch (error) {
    // Another person took the address in the same moment: the database's index says so.
    if (uniqueViolation(error)) throw new ValidationError({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

/**
 * Changes the person's own password: the one in use is checked as at sign-in (with its limits),
 * then the new one is written and every session and API token of theirs ends, as a reset does;
 * they are mailed, and the trail keeps it. The caller begins a new session for this browser.
 */
export async function changeOwnPassword(admin: Admin, input: unknown, address: string): Promise<void> {
  const { current_password, password } = parseOrThrow(passwordChangeSchema, input);
  try {
    await signInAdmin(admin.username, current_password, address, "reauthenticate");
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      throw new ValidationError({ current_password: ["That is not your current password"] });
    }
    throw error;
  }
  const passwordHash = await hashPassword(password);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const changed = await replacePassword(trx, admin.id, passwordHash);
      await recordAudit(
        {
          action: "password-changed",
          entity: "staff",
          entityId: admin.id,
          summary: `${changed.name || changed.username} changed their own password; their other sessions and API tokens ended`,
        },
        trx,
      );
    });
}
