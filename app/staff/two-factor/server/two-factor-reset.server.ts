import type { Admin } from "~/staff/accounts";
import { findAdminById, signOutEverywhere } from "~/staff/accounts/index.server";
import { recordAudit } from "~/staff/audit/index.server";
import { queueMail } from "~/mail/queue/index.server";
import { getDb, nowIso } from "~/lib/db.server";
import { ConflictError, ForbiddenError, NotFoundError } from "~/lib/service-errors";

/** What an owner's reset took away. */
export interface TwoFactorReset {
  appWasOn: boolean;
  passkeysRemoved: number;
}

/**
 * An owner resets someone's two-factor sign-in: for a person who lost their phone and their
 * recovery codes, who would otherwise be locked out for good. Their authenticator app, recovery
 * codes and passkeys go, every session and API token of theirs ends, they are told by mail,
 * and the trail keeps who did it. They sign in with their password and set it up again (led
 * there first when the site requires it). One's own is turned off on Security, behind the password.
 */
export async function resetTwoFactorOf(memberId: number, owner: Admin): Promise<TwoFactorReset> {
  if (memberId === owner.id) {
    throw new ForbiddenError("Your own two-factor sign-in is turned off on your Security page, not reset here.");
  }
  const member = await findAdminById(memberId);
  if (!member) throw new NotFoundError("No such active member of staff");
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const app = await trx
        .deleteFrom("admin_two_factor")
        .where("admin_id", "=", member.id)
        .returning("enabled_at")
        .executeTakeFirst();
      await trx.deleteFrom("admin_recovery_codes").where("admin_id", "=", member.id).execute();
      await trx.deleteFrom("admin_totp_steps").where("admin_id", "=", member.id).execute();
      const passkeys = await trx.deleteFrom("admin_passkeys").where("admin_id", "=", member.id).executeTakeFirst();
      const reset = { appWasOn: Boolean(app?.enabled_at), passkeysRemoved: Number(passkeys.numDeletedRows) };
      if (!reset.appWasOn && reset.passkeysRemoved === 0) {
        throw new ConflictError(`${member.name} has no two-factor sign-in to reset.`);
      }
      await signOutEverywhere(trx, member.id);
      await recordAudit(
        {
          action: "two-factor-reset",
          entity: "staff",
          entityId: member.id,
          summary: `Two-factor sign-in of ${member.name} reset by an owner (${resetWords(reset)}); signed out everywhere`,
          before: { two_factor_app: reset.appWasOn, passkeys: reset.passkeysRemoved },
          after: { two_factor_app: false, passkeys: 0 },
        },
        trx,
      );
      if (member.email) {
        await queueMail(trx, {
          kind: "two-factor-reset",
          to: member.email,
          dedupeKey: `two-factor-reset-${member.id}-${nowIso()}`,
          subject: "Your two-factor sign-in was reset",
          greeting: `Hello ${member.name},`,
          paragraphs: [
            `${owner.name} reset the two-factor sign-in of your staff account (${member.username}): ${resetWords(reset)}. You were signed out everywhere.`,
            "Sign in with your password and set up two-factor sign-in again from Security. If you did not ask for this, tell an owner at once.",
          ],
          note: "You receive this because the security of your staff account changed.",
        });
      }
      return reset;
    });
}

function resetWords(reset: TwoFactorReset): string {
  const parts = [
    reset.appWasOn ? "the authenticator app and its recovery codes" : "",
    reset.passkeysRemoved ? `${reset.passkeysRemoved} passkey${reset.passkeysRemoved === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return `${parts.join(" and ")} removed`;
}
