import { randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { Kysely } from "kysely";
import type { Database } from "../../../../db/schema";
import {
  formattedRecoveryCode,
  isAuthenticatorCode,
  normalizedCode,
  RECOVERY_CODE_COUNT,
  WRONG_CODE_MESSAGE,
} from "../rules/two-factor";
import { decryptSecret, encryptSecret } from "./secret-box.server";
import type { Admin } from "~/staff/accounts";
import { recordAudit } from "~/staff/audit/index.server";
import { queueMail } from "~/mail/queue/index.server";
import { REQUIRE_TWO_FACTOR_KEY } from "~/content/settings";
import { getDb, nowIso } from "~/lib/db.server";
import { organisation } from "~/lib/organisation.server";
import { RateLimiter } from "~/lib/rate-limit.server";
import type { RequestActor } from "~/lib/request-actor.server";
import { ConflictError, TooManyRequestsError, ValidationError } from "~/lib/service-errors";
import { tokenHash } from "~/lib/token-hash.server";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps, one step either side. */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export class InvalidCodeError extends Error {
  readonly status = 401;
  constructor(message = WRONG_CODE_MESSAGE) {
    super(message);
    this.name = "InvalidCodeError";
  }
}

/** Where a person stands: nothing, an app shown but not yet confirmed, or two-factor on. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  pendingSetup: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(adminId: number): Promise<TwoFactorStatus> {
  const db = getDb();
  const [row, codes] = await Promise.all([
    db.selectFrom("admin_two_factor").select(["enabled_at"]).where("admin_id", "=", adminId).executeTakeFirst(),
    db
      .selectFrom("admin_recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("admin_id", "=", adminId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    enabled: Boolean(row?.enabled_at),
    enabledAt: row?.enabled_at ?? null,
    pendingSetup: Boolean(row && !row.enabled_at),
    recoveryCodesLeft: Number(codes.count),
  };
}

/** Which second factors a person has: an authenticator app that is on, and passkeys (staff/passkeys). */
export interface SecondFactors {
  app: boolean;
  passkey: boolean;
}

/**
 * A person's second factors, in one statement. With either, a correct password must be followed
 * by a second factor: a code from the app (or a recovery code), or one of their passkeys.
 */
export async function secondFactorsOf(adminId: number): Promise<SecondFactors> {
  const row = await getDb()
    .selectNoFrom((eb) => [
      eb
        .selectFrom("admin_two_factor")
        .select("admin_id")
        .where("admin_id", "=", adminId)
        .where("enabled_at", "is not", null)
        .as("app"),
      eb.selectFrom("admin_passkeys").select("id").where("admin_id", "=", adminId).limit(1).as("passkey"),
    ])
    .executeTakeFirst();
  return { app: row?.app != null, passkey: row?.passkey != null };
}

/** Whether a correct password must be followed by a second factor (an app or a passkey). */
export async function hasTwoFactor(adminId: number): Promise<boolean> {
  const factors = await secondFactorsOf(adminId);
  return factors.app || factors.passkey;
}

/**
 * Whether the site requires two-factor and this person has set up none (no app, no passkey):
 * one statement, read on every signed-in request by the admin area's and the API's guards.
 */
export async function mustSetUpTwoFactor(adminId: number): Promise<boolean> {
  const row = await getDb()
    .selectNoFrom((eb) => [
      eb.selectFrom("settings").select("value").where("key", "=", REQUIRE_TWO_FACTOR_KEY).as("required"),
      eb.selectFrom("admin_two_factor").select("enabled_at").where("admin_id", "=", adminId).as("enabled_at"),
      eb.selectFrom("admin_passkeys").select("id").where("admin_id", "=", adminId).limit(1).as("passkey"),
    ])
    .executeTakeFirst();
  return row?.required === "true" && !row.enabled_at && row.passkey == null;
}

/** What the Security page shows while setting up: the secret as text, as a QR code, and its URI. */
export interface AuthenticatorSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * Begins (or shows again) setting up an authenticator app: a new secret while none is
 * waiting, kept encrypted and not yet in force until a first code confirms it.
 */
export async function beginAuthenticatorSetup(admin: Admin): Promise<AuthenticatorSetup> {
  const db = getDb();
  const row = await db
    .selectFrom("admin_two_factor")
    .select(["secret_encrypted", "enabled_at"])
    .where("admin_id", "=", admin.id)
    .executeTakeFirst();
  if (row?.enabled_at) throw new ConflictError("Two-factor sign-in is already on.");
  let secret = row ? readableSecret(row.secret_encrypted) : undefined;
  if (!secret) {
    // None yet, or one sealed under an earlier SESSION_SECRET: a new one, not yet confirmed.
    secret = generateSecret();
    const sealed = encryptSecret(secret);
    await db
      .insertInto("admin_two_factor")
      .values({ admin_id: admin.id, secret_encrypted: sealed })
      .onConflict((oc) =>
        oc
          .column("admin_id")
          .doUpdateSet({ secret_encrypted: sealed })
          .where("admin_two_factor.enabled_at", "is", null),
      )
      .execute();
  }
  const uri = generateURI({
    issuer: organisation().legalName,
    label: admin.email || admin.username,
    secret,
    period: PERIOD_SECONDS,
    digits: 6,
  });
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * Confirms the app with its first code and turns two-factor on; answers the ten recovery
 * codes, the only time they are ever shown.
 */
export async function confirmAuthenticator(
  admin: Admin,
  rawCode: string,
  actor: Partial<RequestActor> = {},
): Promise<string[]> {
  const code = normalizedCode(rawCode);
  if (!isAuthenticatorCode(code)) throw new ValidationError({ code: ["Enter the 6-digit code your app shows"] });
  const row = await getDb()
    .selectFrom("admin_two_factor")
    .select(["secret_encrypted", "enabled_at"])
    .where("admin_id", "=", admin.id)
    .executeTakeFirst();
  if (!row) throw new ConflictError("Start setting up the authenticator app first.");
  if (row.enabled_at) throw new ConflictError("Two-factor sign-in is already on.");
  await throttle(admin.id, actor.address ?? "");
  const secret = readableSecret(row.secret_encrypted);
  const step = secret === undefined ? undefined : await acceptedStep(admin.id, secret, code);
  if (step === undefined) {
    await recordFailedCode(admin, actor);
    throw new ValidationError({ code: [WRONG_CODE_MESSAGE] });
  }
  await forgive(admin.id, actor.address ?? "");
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const turnedOn = await trx
        .updateTable("admin_two_factor")
        .set({ enabled_at: nowIso() })
        .where("admin_id", "=", admin.id)
        .where("enabled_at", "is", null)
        .returning("admin_id")
        .executeTakeFirst();
      if (!turnedOn) throw new ConflictError("Two-factor sign-in is already on.");
      const codes = await replaceRecoveryCodes(trx, admin.id);
      await recordAudit(
        {
          action: "two-factor-on",
          entity: "staff",
          entityId: admin.id,
          summary: `Two-factor sign-in turned on for ${admin.name}`,
          actor,
        },
        trx,
      );
      return codes;
    });
}

/** New recovery codes in place of the old (which stop working at once); shown only now. */
export async function regenerateRecoveryCodes(admin: Admin): Promise<string[]> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const on = await trx
        .selectFrom("admin_two_factor")
        .select("admin_id")
        .where("admin_id", "=", admin.id)
        .where("enabled_at", "is not", null)
        .executeTakeFirst();
      if (!on) throw new ConflictError("Two-factor sign-in is not on.");
      const codes = await replaceRecoveryCodes(trx, admin.id);
      await recordAudit(
        {
          action: "recovery-codes-regenerated",
          entity: "staff",
          entityId: admin.id,
          summary: `New recovery codes for ${admin.name}`,
        },
        trx,
      );
      return codes;
    });
}

/** Turns two-factor off: the secret, the codes and the used steps go; the person is told by mail, once. */
export async function turnOffTwoFactor(admin: Admin): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const removed = await trx
        .deleteFrom("admin_two_factor")
        .where("admin_id", "=", admin.id)
        .returning(["enabled_at"])
        .executeTakeFirst();
      await trx.deleteFrom("admin_recovery_codes").where("admin_id", "=", admin.id).execute();
      await trx.deleteFrom("admin_totp_steps").where("admin_id", "=", admin.id).execute();
      if (!removed?.enabled_at) return;
      await recordAudit(
        {
          action: "two-factor-off",
          entity: "staff",
          entityId: admin.id,
          summary: `Two-factor sign-in turned off for ${admin.name}`,
        },
        trx,
      );
      if (!admin.email) return;
      const passkey = await trx
        .selectFrom("admin_passkeys")
        .select("id")
        .where("admin_id", "=", admin.id)
        .executeTakeFirst();
      await queueTurnedOffMail(trx, admin, removed.enabled_at, passkey !== undefined);
    });
}

/**
 * Drops an authenticator app whose setup was begun and never confirmed. Two-factor that is on
 * stays on: turning it off is `turnOffTwoFactor`, behind the password asked again.
 */
export async function cancelAuthenticatorSetup(admin: Admin): Promise<void> {
  await getDb()
    .deleteFrom("admin_two_factor")
    .where("admin_id", "=", admin.id)
    .where("enabled_at", "is", null)
    .execute();
}

async function queueTurnedOffMail(
  trx: Kysely<Database>,
  admin: Admin,
  enabledAt: string,
  passkeysLeft: boolean,
): Promise<void> {
  await queueMail(trx, {
    kind: "two-factor-off",
    to: admin.email,
    // Once per time it was on: turning it on and off again later is a new event and a new mail.
    dedupeKey: `two-factor-off-${admin.id}-${enabledAt}`,
    subject: "Two-factor sign-in was turned off",
    greeting: `Hello ${admin.name},`,
    paragraphs: [
      passkeysLeft
        ? `The authenticator app was just turned off for your staff account (${admin.username}). Your passkeys remain your second factor after the password.`
        : `Two-factor sign-in was just turned off for your staff account (${admin.username}). From now on your password alone signs you in.`,
      "If you did not do this, change your password at once and tell an owner: someone else may be signed in as you.",
    ],
    note: "You receive this because the security of your staff account changed.",
  });
}

/** How the second factor was given, for the audit trail. */
export type SecondFactorMethod = "authenticator" | "recovery-code";

/**
 * The second step of signing in (the form's and POST /api/auth/login's): a code from the
 * person's app, or one of their recovery codes. Rate-limited like passwords; an app code is
 * accepted once (its time-step is recorded), a recovery code is used up. Throws
 * InvalidCodeError or TooManyRequestsError; a failure is written to the audit trail.
 */
export async function verifySecondFactor(
  admin: Admin,
  rawCode: string,
  actor: Partial<RequestActor>,
): Promise<SecondFactorMethod> {
  const code = normalizedCode(rawCode);
  const address = actor.address ?? "";
  await throttle(admin.id, address);
  const row = await getDb()
    .selectFrom("admin_two_factor")
    .select(["secret_encrypted"])
    .where("admin_id", "=", admin.id)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  if (!row) throw new InvalidCodeError();
  const secret = isAuthenticatorCode(code) ? readableSecret(row.secret_encrypted) : undefined;
  const method: SecondFactorMethod | undefined = isAuthenticatorCode(code)
    ? secret !== undefined && (await acceptedStep(admin.id, secret, code)) !== undefined
      ? "authenticator"
      : undefined
    : (await spendRecoveryCode(admin.id, code))
      ? "recovery-code"
      : undefined;
  if (!method) {
    await recordFailedCode(admin, actor);
    throw new InvalidCodeError();
  }
  await forgive(admin.id, address);
  if (method === "recovery-code") {
    await recordAudit({
      action: "sign-in-recovery-code",
      entity: "staff",
      entityId: admin.id,
      summary: `${admin.name} signed in with a recovery code`,
      actor: { ...actor, id: admin.id, name: admin.name },
    });
  }
  return method;
}

/**
 * The secret, or undefined when it cannot be opened (SESSION_SECRET changed since it was
 * sealed): then no app code matches, and the person signs in with a recovery code.
 */
function readableSecret(sealed: string): string | undefined {
  try {
    return decryptSecret(sealed);
  } catch (error) {
    console.error("A two-factor secret could not be decrypted (was SESSION_SECRET changed?)", error);
    return undefined;
  }
}

/**
 * The time-step a code is right for (now, or one step either side), claimed for good; undefined
 * for a wrong code or one whose step was already used (or is older than the last one used).
 */
async function acceptedStep(adminId: number, secret: string, code: string): Promise<number | undefined> {
  const db = getDb();
  const last = await db
    .selectFrom("admin_totp_steps")
    .select((eb) => eb.fn.max("time_step").as("step"))
    .where("admin_id", "=", adminId)
    .executeTakeFirst();
  const lastStep = last?.step == null ? undefined : Number(last.step);
  const result = await verify({
    secret,
    token: code,
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === undefined ? {} : { afterTimeStep: lastStep }),
  });
  if (!result.valid || !("timeStep" in result)) return undefined;
  // The primary key is the claim: of two requests with one code at once, one inserts the step.
  const claimed = await db
    .insertInto("admin_totp_steps")
    .values({ admin_id: adminId, time_step: result.timeStep })
    .onConflict((oc) => oc.columns(["admin_id", "time_step"]).doNothing())
    .returning("time_step")
    .executeTakeFirst();
  if (!claimed) return undefined;
  // Only the newest step matters from now on (afterTimeStep): older ones may go.
  await db
    .deleteFrom("admin_totp_steps")
    .where("admin_id", "=", adminId)
    .where("time_step", "<", result.timeStep)
    .execute();
  return result.timeStep;
}

async function spendRecoveryCode(adminId: number, code: string): Promise<boolean> {
  if (!/^[a-z0-9]{10}$/.test(code)) return false;
  const used = await getDb()
    .updateTable("admin_recovery_codes")
    .set({ used_at: nowIso() })
    .where("admin_id", "=", adminId)
    .where("code_hash", "=", tokenHash(code))
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return Boolean(used);
}

// No 0/o, 1/l/i: a code read off paper is typed right.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

async function replaceRecoveryCodes(trx: Kysely<Database>, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(""),
  );
  await trx.deleteFrom("admin_recovery_codes").where("admin_id", "=", adminId).execute();
  await trx
    .insertInto("admin_recovery_codes")
    .values(codes.map((code) => ({ admin_id: adminId, code_hash: tokenHash(code) })))
    .execute();
  return codes.map(formattedRecoveryCode);
}

async function recordFailedCode(admin: Admin, actor: Partial<RequestActor>): Promise<void> {
  await recordAudit({
    action: "two-factor-failed",
    entity: "staff",
    entityId: admin.id,
    summary: `A wrong two-factor code for ${admin.name}`,
    actor: { ...actor, id: actor.id ?? admin.id, name: actor.name ?? admin.name },
  });
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
// Codes: a few per person (whoever has their password may be anywhere), more per address.
const codesPerAccount = new RateLimiter("two-factor-account", 5, FIFTEEN_MINUTES);
const codesPerAddress = new RateLimiter("two-factor-address", 20, FIFTEEN_MINUTES);

/** Counts an attempt before the code is checked, as signInAdmin does for passwords. */
async function throttle(adminId: number, address: string): Promise<void> {
  const limits = [
    [codesPerAccount, String(adminId)],
    [codesPerAddress, address],
  ] as const;
  let wait = Math.max(...(await Promise.all(limits.map(([limiter, key]) => limiter.retryAfter(key)))));
  if (wait === 0) {
    const waits = await Promise.all(limits.map(([limiter, key]) => limiter.take(key)));
    wait = Math.max(...waits);
    if (wait > 0)
      await Promise.all(limits.filter((_, i) => waits[i] === 0).map(([limiter, key]) => limiter.refund(key)));
  }
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new TooManyRequestsError(
      `Too many codes tried. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      wait,
    );
  }
}

async function forgive(adminId: number, address: string): Promise<void> {
  await codesPerAccount.reset(String(adminId));
  await codesPerAddress.refund(address);
}
