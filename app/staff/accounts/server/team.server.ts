import { randomBytes } from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "../../../../db/schema";
import { rolesFromColumn, rolesToColumn, type Role } from "../rules/roles";
import {
  acceptInvitationSchema,
  forgotPasswordSchema,
  INVITATION_HOURS,
  invitationMail,
  invitationSchema,
  PASSWORD_RESET_MINUTES,
  passwordResetMail,
  resetPasswordSchema,
  roleWords,
  staffChangeSchema,
  suggestedUsername,
} from "../rules/team";
import type { Admin } from "../rules/admin";
import { adminFromRow, replacePassword, signOutEverywhere } from "./admins.server";
import { getDb, nowIso, type DB } from "~/lib/db.server";
import { pageOfRows, paged, type ListPage } from "~/lib/list-pages.server";
import { hashPassword } from "~/lib/password.server";
import { RateLimiter } from "~/lib/rate-limit.server";
import type { RequestActor } from "~/lib/request-actor.server";
import {
  ConflictError,
  NotFoundError,
  parseOrThrow,
  TooManyRequestsError,
  ValidationError,
} from "~/lib/service-errors";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { equalsIgnoringCase, oneAtATimeFor } from "~/lib/sql-dialect.server";
import { tokenHash } from "~/lib/token-hash.server";
import { queueMail } from "~/mail/queue/index.server";
import { renewSessionsOf } from "~/staff/sign-in/index.server";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * The team (issue 30): owners invite people by mail, change their roles, deactivate and
 * reactivate them; a forgotten password is reset by mail. Invitation and reset links are
 * single use and kept only as the hash of their token (decision 149). The site never has
 * zero active owners.
 */

/** A member of staff as the Team screen and GET /api/staff/ show them. */
export interface StaffMember {
  id: number;
  name: string;
  username: string;
  email: string;
  roles: Role[];
  active: boolean;
  created_at: string;
  /** Their authenticator app is on. */
  two_factor_app: boolean;
  /** How many passkeys they have. */
  passkeys: number;
}

/** An invitation not yet accepted, as POST /api/staff/ answers and the Team screen lists it. */
export interface Invitation {
  id: number;
  name: string;
  email: string;
  roles: Role[];
  status: "pending";
  created_at: string;
  expires_at: string;
}

const STAFF_COLUMNS = ["id", "name", "username", "email", "roles", "active", "created_at"] as const;

/** A person's columns with their second factors: whether their authenticator app is on, and how many passkeys. */
function staffWithFactors(eb: ExpressionBuilder<Database, "admins">) {
  return [
    ...STAFF_COLUMNS,
    eb
      .exists(
        eb
          .selectFrom("admin_two_factor")
          .select("admin_two_factor.admin_id")
          .whereRef("admin_two_factor.admin_id", "=", "admins.id")
          .where("admin_two_factor.enabled_at", "is not", null),
      )
      .as("two_factor_app"),
    eb
      .selectFrom("admin_passkeys")
      .select((sub) => sub.fn.countAll<number>().as("count"))
      .whereRef("admin_passkeys.admin_id", "=", "admins.id")
      .as("passkeys"),
  ] as const;
}

function toStaffMember(row: {
  id: number;
  name: string;
  username: string;
  email: string;
  roles: string;
  active: number;
  created_at: string;
  two_factor_app: unknown;
  passkeys: number | string | null;
}): StaffMember {
  return {
    id: row.id,
    name: row.name || row.username,
    username: row.username,
    email: row.email,
    roles: rolesFromColumn(row.roles),
    active: row.active === 1,
    created_at: row.created_at,
    // SQLite answers exists() with 1 or 0, PostgreSQL with true or false.
    two_factor_app: row.two_factor_app === true || Number(row.two_factor_app) === 1,
    passkeys: Number(row.passkeys ?? 0),
  };
}

/** Everyone on the staff, active first, then by name; the whole list unless paged. */
export async function listStaff(page: { limit?: number; offset?: number } = {}): Promise<StaffMember[]> {
  const rows = await paged(
    getDb()
      .selectFrom("admins")
      .select(staffWithFactors)
      .orderBy("active", "desc")
      .orderBy(sql`lower(coalesce(nullif(name, ''), username))`)
      .orderBy("id"),
    page,
  ).execute();
  return rows.map(toStaffMember);
}

export async function findStaffPage(page: number, pageSize: number): Promise<ListPage<StaffMember>> {
  return pageOfRows(
    async () =>
      Number(
        (
          await getDb()
            .selectFrom("admins")
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      ),
    (limit, offset) => listStaff({ limit, offset }),
    page,
    pageSize,
  );
}

export async function getStaffMember(id: number): Promise<StaffMember> {
  const row = await getDb().selectFrom("admins").select(staffWithFactors).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("No such member of staff");
  return toStaffMember(row);
}

/** Invitations still waiting to be accepted (unused and on time), newest first. */
export async function listPendingInvitations(limit = 100): Promise<Invitation[]> {
  const rows = await getDb()
    .selectFrom("staff_invitations")
    .select(["id", "name", "email", "roles", "created_at", "expires_at"])
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toInvitation);
}

function toInvitation(row: {
  id: number;
  name: string;
  email: string;
  roles: string;
  created_at: string;
  expires_at: string;
}): Invitation {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: rolesFromColumn(row.roles),
    status: "pending",
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3600_000).toISOString();
}

/**
 * Invites someone: mails a single-use link valid for 72 hours. Inviting an address again
 * replaces its unused invitation (the old link stops working). An address that already
 * belongs to someone on the staff is refused.
 */
export async function inviteStaff(input: unknown, inviter: Pick<Admin, "id" | "name">): Promise<Invitation> {
  const { name, email: typed, roles } = parseOrThrow(invitationSchema, input);
  const email = typed.toLowerCase();
  const token = newToken();
  const invitation = await getDb()
    .transaction()
    .execute(async (trx) => {
      await oneAtATimeFor(trx, `staff-invitation:${email}`);
      const member = await trx
        .selectFrom("admins")
        .select("id")
        .where(equalsIgnoringCase(sql.ref("email"), email))
        .executeTakeFirst();
      if (member) throw new ValidationError({ email: ["Someone on the staff already has this email address"] });
      await trx.deleteFrom("staff_invitations").where("email", "=", email).where("used_at", "is", null).execute();
      const row = await trx
        .insertInto("staff_invitations")
        .values({
          email,
          name,
          roles: rolesToColumn(roles),
          token_hash: tokenHash(token),
          invited_by: inviter.id > 0 ? inviter.id : null,
          created_at: nowIso(),
          expires_at: hoursFromNow(INVITATION_HOURS),
        })
        .returning(["id", "name", "email", "roles", "created_at", "expires_at"])
        .executeTakeFirstOrThrow();
      await queueMail(trx, {
        ...invitationMail({
          name,
          invitedBy: inviter.name,
          roles,
          url: `${configuredSiteUrl()}/admin/invitation/${token}`,
        }),
        kind: "staff-invitation",
        to: email,
      });
      await recordAudit(
        {
          action: "invite",
          entity: "staff-invitation",
          entityId: row.id,
          summary: `Invited ${name} <${email}> as ${roleWords(roles)}`,
          after: { name, email, roles: rolesToColumn(roles) },
        },
        trx,
      );
      return row;
    });
  return toInvitation(invitation);
}

/** An invitation's link, as its page shows it: who is invited, and the username suggested. */
export interface OpenInvitation {
  name: string;
  email: string;
  roles: Role[];
  suggestedUsername: string;
}

async function usableInvitation(db: DB, token: string) {
  if (!token || token.length > 100) return undefined;
  return db
    .selectFrom("staff_invitations")
    .select(["id", "name", "email", "roles"])
    .where("token_hash", "=", tokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
}

/** The invitation a link opens, or null when it is unknown, used or past its 72 hours. */
export async function openInvitation(token: string): Promise<OpenInvitation | null> {
  const row = await usableInvitation(getDb(), token);
  if (!row) return null;
  return {
    name: row.name,
    email: row.email,
    roles: rolesFromColumn(row.roles),
    suggestedUsername: await freeUsername(suggestedUsername(row.email)),
  };
}

async function usernameTaken(db: DB, username: string): Promise<boolean> {
  const row = await db
    .selectFrom("admins")
    .select("id")
    .where(equalsIgnoringCase(sql.ref("username"), username))
    .executeTakeFirst();
  return row !== undefined;
}

/** The suggestion itself, or with a number after it when someone already has it. */
async function freeUsername(base: string): Promise<string> {
  if (!(await usernameTaken(getDb(), base))) return base;
  for (let n = 2; n < 100; n += 1) {
    const candidate = `${base}${n}`;
    if (!(await usernameTaken(getDb(), candidate))) return candidate;
  }
  return `${base}${randomBytes(3).toString("hex")}`;
}

/** The link no longer works (unknown, used or out of time): its page says so. */
export class UnusableLinkError extends NotFoundError {
  constructor() {
    super("This link no longer works");
    this.name = "UnusableLinkError";
  }
}

/**
 * Accepts an invitation: makes the account with the invited name, email and roles and the
 * username and password chosen, and uses the link up. The caller signs the person in.
 */
export async function acceptInvitation(
  token: string,
  input: unknown,
  who: Pick<RequestActor, "address" | "userAgent">,
): Promise<Admin> {
  const { username, password } = parseOrThrow(acceptInvitationSchema, input);
  const passwordHash = await hashPassword(password);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const invitation = await usableInvitation(trx, token);
      if (!invitation) throw new UnusableLinkError();
      await oneAtATimeFor(trx, "staff-usernames");
      if (await usernameTaken(trx, username))
        throw new ValidationError({ username: ["Someone already has this username; please choose another"] });
      const emailTaken = await trx
        .selectFrom("admins")
        .select("id")
        .where(equalsIgnoringCase(sql.ref("email"), invitation.email))
        .executeTakeFirst();
      if (emailTaken) throw new ConflictError("Someone on the staff already has this email address");
      const used = await trx
        .updateTable("staff_invitations")
        .set({ used_at: nowIso() })
        .where("id", "=", invitation.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new UnusableLinkError();
      const row = await trx
        .insertInto("admins")
        .values({
          username,
          password_hash: passwordHash,
          name: invitation.name,
          email: invitation.email,
          roles: invitation.roles,
        })
        .returning(["id", "username", "name", "email", "roles"])
        .executeTakeFirstOrThrow();
      await trx.updateTable("staff_invitations").set({ admin_id: row.id }).where("id", "=", invitation.id).execute();
      const admin = adminFromRow(row);
      await recordAudit(
        {
          action: "accept-invitation",
          entity: "staff",
          entityId: admin.id,
          summary: `${admin.name} accepted the invitation as ${username}`,
          after: { username, name: admin.name, email: admin.email, roles: invitation.roles },
          actor: { id: admin.id, name: admin.name, ...who },
        },
        trx,
      );
      return admin;
    });
}

/** Raised when a change would leave the site without an active owner. */
export class LastOwnerError extends ConflictError {
  constructor(readonly field: "roles" | "active") {
    super(
      field === "roles"
        ? "This is the last active owner: make someone else an owner before taking the role away"
        : "This is the last active owner: make someone else an owner before deactivating this account",
    );
    this.name = "LastOwnerError";
  }
}

const OWNER_WORD = sql<string>`' ' || roles || ' '`;

/**
 * Changes a person's roles and/or whether they are active. Deactivating ends their sessions
 * and API tokens at once; their name stays on everything they did. The last active owner can
 * neither lose the role nor be deactivated. New roles renew the person's sign-ins: their
 * sessions and sign-in tokens end (a person changing their own roles keeps the session of
 * `request`), so nobody carries a sign-in made under other roles.
 */
export async function changeStaff(id: number, input: unknown, request?: Request): Promise<StaffMember> {
  const change = parseOrThrow(staffChangeSchema, input);
  let rolesChanged = false;
  const outcome = await getDb()
    .transaction()
    .execute(async (trx) => {
      // Two owners demoting each other at once: one after the other, so one owner always stays.
      await oneAtATimeFor(trx, "staff-owners");
      const before = await trx.selectFrom("admins").select(STAFF_COLUMNS).where("id", "=", id).executeTakeFirst();
      if (!before) throw new NotFoundError("No such member of staff");
      const rolesBefore = rolesFromColumn(before.roles);
      const rolesAfter = change.roles ?? rolesBefore;
      const activeAfter = change.active ?? before.active === 1;
      const wasActiveOwner = before.active === 1 && rolesBefore.includes("owner");
      if (wasActiveOwner && (!activeAfter || !rolesAfter.includes("owner"))) {
        const others = await trx
          .selectFrom("admins")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("active", "=", 1)
          .where("id", "!=", id)
          .where(OWNER_WORD, "like", "% owner %")
          .executeTakeFirstOrThrow();
        if (Number(others.count) === 0) throw new LastOwnerError(activeAfter ? "roles" : "active");
      }
      const row = await trx
        .updateTable("admins")
        .set({ roles: rolesToColumn(rolesAfter), active: activeAfter ? 1 : 0, updated_at: nowIso() })
        .where("id", "=", id)
        .returning(STAFF_COLUMNS)
        .executeTakeFirstOrThrow();
      const name = row.name || row.username;
      rolesChanged = rolesToColumn(rolesBefore) !== row.roles;
      if (rolesChanged) {
        await recordAudit(
          {
            action: "roles",
            entity: "staff",
            entityId: id,
            summary: `${name}: ${roleWords(rolesBefore) || "no roles"} → ${roleWords(rolesAfter)}`,
            before: { roles: before.roles },
            after: { roles: row.roles },
          },
          trx,
        );
      }
      if (before.active === 1 && !activeAfter) {
        await signOutEverywhere(trx, id);
        await trx.deleteFrom("staff_password_resets").where("admin_id", "=", id).where("used_at", "is", null).execute();
        await recordAudit(
          {
            action: "deactivate",
            entity: "staff",
            entityId: id,
            summary: `${name} deactivated; their sessions and API tokens ended`,
            before: { active: true },
            after: { active: false },
          },
          trx,
        );
      } else if (before.active !== 1 && activeAfter) {
        await recordAudit(
          {
            action: "reactivate",
            entity: "staff",
            entityId: id,
            summary: `${name} reactivated`,
            before: { active: false },
            after: { active: true },
          },
          trx,
        );
      }
      return { active: activeAfter };
    });
  if (rolesChanged && outcome.active) await renewSessionsOf(id, { keep: request });
  return getStaffMember(id);
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
// Asking for a reset link: a few per address asked for, more per asking address. Both count
// whether or not the address belongs to someone, so the limit tells a stranger nothing.
const resetsPerEmail = new RateLimiter("password-reset-email", 3, ONE_HOUR);
const resetsPerAddress = new RateLimiter("password-reset-address", 10, FIFTEEN_MINUTES);

/** Reset requests answered but not yet looked up and mailed (see `passwordResetsSettled`). */
const resetsUnderWay = new Set<Promise<void>>();

/**
 * Settles once every reset asked for so far has been looked up and, for a known address,
 * mailed (for tests). A request lost to the server stopping in that moment is asked again.
 */
export async function passwordResetsSettled(): Promise<void> {
  await Promise.all([...resetsUnderWay]);
}

/**
 * "Forgot your password?": mails a single-use link valid for one hour to the active person
 * with this address. The answer is the same whether or not anyone has it (nothing is thrown
 * and nothing returned); only the limits on asking can refuse, and they count every address.
 * It is also as quick: the answer is given after the limits, the same work for every address,
 * and the address is looked up (and the link made and mailed) only after that, so the time
 * the answer takes tells nothing either (review #13, docs/decisions/157).
 */
export async function requestPasswordReset(
  input: unknown,
  who: Pick<RequestActor, "address" | "userAgent">,
): Promise<void> {
  const { email: typed } = parseOrThrow(forgotPasswordSchema, input);
  const email = typed.toLowerCase();
  for (const [limiter, key] of [
    [resetsPerAddress, who.address],
    [resetsPerEmail, email],
  ] as const) {
    const wait = await limiter.take(key);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw new TooManyRequestsError(
        `Too many requests to reset a password. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        wait,
      );
    }
  }
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => mailResetLinkIfKnown(email, who))
    .catch((error: unknown) => console.error("A password reset request could not be handled:", error))
    .finally(() => resetsUnderWay.delete(work));
  resetsUnderWay.add(work);
}

/** The work behind the answer: the active person with this address, if any, is mailed a link. */
async function mailResetLinkIfKnown(email: string, who: Pick<RequestActor, "address" | "userAgent">): Promise<void> {
  const person = await getDb()
    .selectFrom("admins")
    .select(["id", "name", "username", "email"])
    .where(equalsIgnoringCase(sql.ref("email"), email))
    .where("active", "=", 1)
    .executeTakeFirst();
  if (!person) return;
  const token = newToken();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("staff_password_resets")
        .values({
          admin_id: person.id,
          token_hash: tokenHash(token),
          created_at: nowIso(),
          expires_at: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
        })
        .execute();
      await queueMail(trx, {
        ...passwordResetMail({
          name: person.name || person.username,
          url: `${configuredSiteUrl()}/admin/reset-password/${token}`,
        }),
        kind: "staff-password-reset",
        to: person.email,
      });
      await recordAudit(
        {
          action: "password-reset-requested",
          entity: "staff",
          entityId: person.id,
          summary: `A password reset link was mailed to ${person.name || person.username}`,
          actor: { id: null, name: "", ...who },
        },
        trx,
      );
    });
}

async function usableReset(db: DB, token: string) {
  if (!token || token.length > 100) return undefined;
  return db
    .selectFrom("staff_password_resets")
    .innerJoin("admins", "admins.id", "staff_password_resets.admin_id")
    .select(["staff_password_resets.id", "admins.id as admin_id", "admins.name", "admins.username"])
    .where("staff_password_resets.token_hash", "=", tokenHash(token))
    .where("staff_password_resets.used_at", "is", null)
    .where("staff_password_resets.expires_at", ">", nowIso())
    .where("admins.active", "=", 1)
    .executeTakeFirst();
}

/** Whose password a reset link is for, or null when it is unknown, used or past its hour. */
export async function openPasswordReset(token: string): Promise<{ name: string; username: string } | null> {
  const row = await usableReset(getDb(), token);
  return row ? { name: row.name || row.username, username: row.username } : null;
}

/**
 * Sets the password a reset link was mailed for, uses the link up, ends every session and API
 * token of the person, and mails them that their password was changed.
 */
export async function resetPassword(
  token: string,
  input: unknown,
  who: Pick<RequestActor, "address" | "userAgent">,
): Promise<Admin> {
  const { password } = parseOrThrow(resetPasswordSchema, input);
  const passwordHash = await hashPassword(password);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const reset = await usableReset(trx, token);
      if (!reset) throw new UnusableLinkError();
      const used = await trx
        .updateTable("staff_password_resets")
        .set({ used_at: nowIso() })
        .where("id", "=", reset.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new UnusableLinkError();
      const admin = await replacePassword(trx, reset.admin_id, passwordHash);
      // Every other link mailed to them stops working too.
      await trx
        .updateTable("staff_password_resets")
        .set({ used_at: nowIso() })
        .where("admin_id", "=", admin.id)
        .where("used_at", "is", null)
        .execute();
      await recordAudit(
        {
          action: "password-reset",
          entity: "staff",
          entityId: admin.id,
          summary: `${admin.name} chose a new password from a reset link; their sessions and API tokens ended`,
          actor: { id: admin.id, name: admin.name, ...who },
        },
        trx,
      );
      return admin;
    });
}
