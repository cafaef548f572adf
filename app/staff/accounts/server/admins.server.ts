import { sql } from "kysely";
import type { Admin } from "../rules/admin";
import { rolesFromColumn, rolesToColumn, type Role } from "../rules/roles";
import { MIN_PASSWORD_LENGTH, passwordChangedMail } from "../rules/team";
import { INVALID_CREDENTIALS_MESSAGE } from "~/staff/sign-in";
import { getDb, nowIso, type DB } from "~/lib/db.server";
import { equalsIgnoringCase } from "~/lib/sql-dialect.server";
import { decoyPasswordHash, generatePassword, hashPassword, verifyPassword } from "~/lib/password.server";
import { RateLimiter } from "~/lib/rate-limit.server";
import { NotFoundError, TooManyRequestsError, ValidationError } from "~/lib/service-errors";
import { recordAudit } from "~/staff/audit/index.server";
import { queueMail } from "~/mail/queue/index.server";

export type { Admin };

/** What every read of a person selects, and how a row becomes the `Admin` the checks are handed. */
export const ADMIN_COLUMNS = ["admins.id", "admins.username", "admins.name", "admins.email", "admins.roles"] as const;
export function adminFromRow(row: { id: number; username: string; name: string; email: string; roles: string }): Admin {
  return {
    id: row.id,
    username: row.username,
    name: row.name || row.username,
    email: row.email,
    roles: rolesFromColumn(row.roles),
  };
}

export class InvalidCredentialsError extends Error {
  readonly status = 401;
  constructor() {
    super(INVALID_CREDENTIALS_MESSAGE);
    this.name = "InvalidCredentialsError";
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
// Sign-in attempts: a few per username from one address, more per address across
// usernames, and a ceiling per username across addresses (a slow distributed guess).
const attemptsPerAccount = new RateLimiter("sign-in-account", 5, FIFTEEN_MINUTES);
const attemptsPerAddress = new RateLimiter("sign-in-address", 20, FIFTEEN_MINUTES);
const attemptsPerUsername = new RateLimiter("sign-in-username", 50, FIFTEEN_MINUTES);
/** What a failed sign-in to no account records in place of the name typed (it may be a password). */
const UNKNOWN_USERNAME = "unknown username";

/**
 * Why a password is checked: to sign in (the sign-in itself is audited where the session or
 * token is granted, after any second factor), or to confirm a signed-in person again.
 */
export type PasswordPurpose = "sign-in" | "reauthenticate";

/**
 * Checks a username and password, the one sign-in rule behind the admin form and
 * POST /api/auth/login. Every attempt counts before the (slow) password check, so
 * parallel guesses are limited too; a successful sign-in takes its attempt back.
 */
export async function signInAdmin(
  username: string,
  password: string,
  clientAddress: string,
  purpose: PasswordPurpose = "sign-in",
): Promise<Admin> {
  const name = username.toLowerCase();
  const accountKey = `${clientAddress}|${name}`;
  const limits = [
    [attemptsPerAccount, accountKey],
    [attemptsPerAddress, clientAddress],
    [attemptsPerUsername, name],
  ] as const;
  // A refused attempt counts against none of the limits; one let through counts against all three.
  let wait = Math.max(...(await Promise.all(limits.map(([limiter, key]) => limiter.retryAfter(key)))));
  if (wait === 0) {
    const waits = await Promise.all(limits.map(([limiter, key]) => limiter.take(key)));
    wait = Math.max(...waits);
    // Another process took the last attempt meanwhile: give back what this one counted.
    if (wait > 0)
      await Promise.all(limits.filter((_, i) => waits[i] === 0).map(([limiter, key]) => limiter.refund(key)));
  }
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new TooManyRequestsError(
      `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      wait,
    );
  }

  const row = await getDb()
    .selectFrom("admins")
    .select([...ADMIN_COLUMNS, "admins.password_hash", "admins.active"])
    .where(equalsIgnoringCase(sql.ref("username"), username))
    .executeTakeFirst();
  const valid = await verifyPassword(password, row?.password_hash ?? (await decoyPasswordHash()));
  // A deactivated account meets the same words as a wrong password: it tells a guesser nothing.
  if (!row || !valid || row.active !== 1) {
    // The account's own name, never what was typed for an unknown one: people type a password into the
    // username field. At sign-in no guard ran, so the address is given here; a check again is the person's own.
    await recordAudit({
      action: purpose === "sign-in" ? "sign-in-failed" : "reauthenticate-failed",
      entity: "staff",
      entityId: row?.id,
      summary: row ? row.username : UNKNOWN_USERNAME,
      actor: purpose === "sign-in" ? { id: null, name: "", address: clientAddress } : { address: clientAddress },
    });
    throw new InvalidCredentialsError();
  }
  // A sign-in is written where a session or a token is granted (after any second factor); a check
  // again of a signed-in person's password is written here.
  if (purpose === "reauthenticate") {
    await recordAudit({
      action: "reauthenticate",
      entity: "staff",
      entityId: row.id,
      summary: `${row.username} gave their password again`,
      actor: { address: clientAddress },
    });
  }

  await attemptsPerAccount.reset(accountKey);
  await attemptsPerAddress.refund(clientAddress);
  await attemptsPerUsername.refund(name);
  return adminFromRow(row);
}

/** An active person by id; undefined once the account is deactivated. */
export async function findAdminById(id: number): Promise<Admin | undefined> {
  const row = await getDb()
    .selectFrom("admins")
    .select(ADMIN_COLUMNS)
    .where("id", "=", id)
    .where("active", "=", 1)
    .executeTakeFirst();
  return row ? adminFromRow(row) : undefined;
}

export async function countAdmins(): Promise<number> {
  const { count } = await getDb()
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export { MIN_PASSWORD_LENGTH };

export interface NewAdmin {
  username: string;
  password: string;
  roles: readonly Role[];
  name?: string;
  email?: string;
}

export async function createAdmin({ username, password, roles, name = "", email = "" }: NewAdmin): Promise<Admin> {
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  const row = await getDb()
    .insertInto("admins")
    .values({
      username: username.trim(),
      password_hash: passwordHash,
      name: name.trim(),
      email: email.trim(),
      roles: rolesToColumn(roles),
    })
    .returning(["id", "username", "name", "email", "roles"])
    .executeTakeFirstOrThrow();
  return adminFromRow(row);
}

/**
 * What the admin:password command is called in the audit trail: it runs on the server, as no
 * one signed in, so the operator's own name is unknown.
 */
const COMMAND_ACTOR = { id: null, name: "admin:password command", address: "", userAgent: "" };

/**
 * Sets a new password (the admin:password command) and signs the admin out everywhere
 * (sessions and API tokens); the person is mailed that their password was changed, and the
 * trail keeps it, in the same transaction.
 */
export async function setAdminPassword(username: string, password: string): Promise<Admin> {
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const found = await trx
        .selectFrom("admins")
        .select("id")
        .where(equalsIgnoringCase(sql.ref("username"), username))
        .executeTakeFirst();
      if (!found) throw new NotFoundError(`No admin is called "${username}"`);
      const admin = await replacePassword(trx, found.id, passwordHash);
      await recordAudit(
        {
          action: "password-set",
          entity: "staff",
          entityId: admin.id,
          summary: `A new password for ${admin.username} was set with the admin:password command; their sessions and API tokens ended`,
          actor: COMMAND_ACTOR,
        },
        trx,
      );
      return admin;
    });
}

/** An owner the admin:password command creates for a name no one has (audited as the command's doing). */
export async function createOwnerFromCommand(username: string, password: string): Promise<Admin> {
  const admin = await createAdmin({ username, password, roles: ["owner"] });
  await recordAudit({
    action: "create",
    entity: "staff",
    entityId: admin.id,
    summary: `${admin.username} was created as an owner with the admin:password command`,
    after: { username: admin.username, roles: admin.roles },
    actor: COMMAND_ACTOR,
  });
  return admin;
}

/**
 * The one way a password is replaced (the admin:password command, a reset by mail, the person's
 * own change): the new hash is written, every session and API token of the person ends, and
 * they are mailed that their password was changed, all in the caller's transaction.
 */
export async function replacePassword(trx: DB, adminId: number, passwordHash: string): Promise<Admin> {
  const admin = await trx
    .updateTable("admins")
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where("id", "=", adminId)
    .returning(["id", "username", "name", "email", "roles"])
    .executeTakeFirst();
  if (!admin) throw new NotFoundError("No such member of staff");
  await signOutEverywhere(trx, adminId);
  if (admin.email) {
    await queueMail(trx, {
      ...passwordChangedMail({ name: admin.name || admin.username, username: admin.username }),
      kind: "staff-password-changed",
      to: admin.email,
    });
  }
  return adminFromRow(admin);
}

/** Ends every session and API token of a person at once (a new password, a deactivation). */
export async function signOutEverywhere(trx: DB, adminId: number): Promise<void> {
  await trx.deleteFrom("admin_sessions").where("admin_id", "=", adminId).execute();
  await trx.deleteFrom("api_tokens").where("admin_id", "=", adminId).execute();
}

export function assertAcceptablePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError({ password: [`Password must be at least ${MIN_PASSWORD_LENGTH} characters long`] });
  }
}

export interface FirstAdminResult {
  created: boolean;
  username?: string;
  /** Present only when the password was generated and must be shown to the operator once. */
  generatedPassword?: string;
}

/**
 * Makes sure someone can sign in: when no admin exists, creates one from
 * ADMIN_USERNAME/ADMIN_PASSWORD, or `admin` with a random password to print once.
 */
export async function ensureFirstAdmin(username?: string, password?: string): Promise<FirstAdminResult> {
  if ((await countAdmins()) > 0) return { created: false };
  const name = username ?? "admin";
  const generatedPassword = password ? undefined : generatePassword();
  await createAdmin({ username: name, password: password ?? generatedPassword!, roles: ["owner"] });
  return { created: true, username: name, generatedPassword };
}
