import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { newPasskeySchema, passkeyAddedMail, PASSKEY_REFUSED_MESSAGE, type Passkey } from "../rules/passkeys";
import { adminFromRow, ADMIN_COLUMNS, type Admin } from "~/staff/accounts/index.server";
import { recordAudit } from "~/staff/audit/index.server";
import { queueMail } from "~/mail/queue/index.server";
import { getDb, nowIso, type DB } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { RateLimiter } from "~/lib/rate-limit.server";
import {
  ConflictError,
  NotFoundError,
  parseOrThrow,
  TooManyRequestsError,
  ValidationError,
} from "~/lib/service-errors";

/**
 * Passkeys (WebAuthn) for staff, through @simplewebauthn/server: adding one (a registration
 * ceremony), signing in with one alone (an authentication ceremony with a discoverable
 * credential), or using one as the second step after the password (for staff/two-factor).
 *
 * Every ceremony's challenge is kept server side for five minutes and taken (deleted) when a
 * response is checked against it, so each serves once, and only for its purpose and person.
 */

/** Who the passkeys belong to: the site, by its host name, and the exact origin pages come from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * PUBLIC_URL when set (the real domain), else the address the request came to, so that
 * passkeys work at http://localhost:PORT as well. An IP address is no valid relying party id
 * for browsers: reach a development site by `localhost`, not 127.0.0.1.
 */
export function relyingPartyFor(request: Request): RelyingParty {
  const origin = new URL(getEnv().PUBLIC_URL ?? new URL(request.url).origin);
  return { id: origin.hostname, origin: origin.origin, name: "Al-Amanah Foundation staff" };
}

/** A sign-in page's caller: the request (its host, its browser) and the client's address. */
export interface PasskeyClient {
  request: Request;
  address: string;
}

/**
 * What a ceremony is for: adding a passkey, a passwordless sign-in, the second step after the
 * password, or a signed-in person confirming who they are ("Confirm your password").
 */
type Purpose = "register" | "sign-in" | "second-factor" | "reauthenticate";
/** The ceremonies that offer one named person's own passkeys. */
export type PersonalPurpose = "second-factor" | "reauthenticate";
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

async function keepChallenge(challenge: string, purpose: Purpose, adminId: number | null): Promise<void> {
  const db = getDb();
  // Ended ceremonies go as new ones start: the table stays as small as the ceremonies under way.
  await db.deleteFrom("passkey_challenges").where("expires_at", "<=", nowIso()).execute();
  await db
    .insertInto("passkey_challenges")
    .values({
      challenge,
      purpose,
      admin_id: adminId,
      expires_at: new Date(Date.now() + CHALLENGE_LIFETIME_MS).toISOString(),
    })
    .execute();
}

/** Takes a challenge for good (one statement: two responses racing cannot both have it). */
async function takeChallenge(challenge: string, purpose: Purpose, adminId: number | null): Promise<boolean> {
  const row = await getDb()
    .deleteFrom("passkey_challenges")
    .where("challenge", "=", challenge)
    .returning(["purpose", "admin_id", "expires_at"])
    .executeTakeFirst();
  return Boolean(row && row.purpose === purpose && row.admin_id === adminId && row.expires_at > nowIso());
}

/** The challenge a response answers, as the browser wrote it into clientDataJSON ('' if unreadable). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const clientData = JSON.parse(Buffer.from(String(response.response?.clientDataJSON), "base64url").toString("utf8"));
    return typeof clientData?.challenge === "string" ? clientData.challenge : "";
  } catch {
    return "";
  }
}

/** The WebAuthn user handle of a person: their id, never their name or address. */
function userHandleOf(adminId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`staff-${adminId}`);
}

const splitTransports = (text: string) => text.split(" ").filter(Boolean);

function passkeyFromRow(row: { id: number; name: string; created_at: string; last_used_at: string | null }): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

// ---------------------------------------------------------------------------------------
// A person's own passkeys.

export async function listPasskeys(adminId: number): Promise<Passkey[]> {
  const rows = await getDb()
    .selectFrom("admin_passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("admin_id", "=", adminId)
    .orderBy("id")
    .execute();
  return rows.map(passkeyFromRow);
}

export async function hasPasskeys(adminId: number): Promise<boolean> {
  const row = await getDb()
    .selectFrom("admin_passkeys")
    .select("id")
    .where("admin_id", "=", adminId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function getPasskey(adminId: number, id: number): Promise<Passkey> {
  const row = await getDb()
    .selectFrom("admin_passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("admin_id", "=", adminId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("That passkey no longer exists");
  return passkeyFromRow(row);
}

/** The options for navigator.credentials.create(): a new discoverable passkey for this person. */
export async function registrationOptionsFor(
  admin: Admin,
  request: Request,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingPartyFor(request);
  const existing = await getDb()
    .selectFrom("admin_passkeys")
    .select(["credential_id", "transports"])
    .where("admin_id", "=", admin.id)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: admin.username,
    userDisplayName: admin.name,
    userID: userHandleOf(admin.id),
    attestationType: "none",
    timeout: CEREMONY_TIMEOUT_MS,
    // The same authenticator twice is refused by the browser itself.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: splitTransports(row.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(options.challenge, "register", admin.id);
  return options;
}

const REGISTRATION_REFUSED = "The passkey could not be added. Please try again.";

/**
 * Checks the browser's answer to the registration options and keeps the passkey under the
 * name the person gave it; mails them "a new passkey was added" (once) and writes the audit
 * entry, in one transaction with the passkey.
 */
export async function addPasskey(
  admin: Admin,
  request: Request,
  input: { name: unknown; response: unknown },
): Promise<Passkey> {
  const { name } = parseOrThrow(newPasskeySchema, { name: input.name });
  const response = input.response as RegistrationResponseJSON;
  const rp = relyingPartyFor(request);
  if (!response || typeof response !== "object" || typeof response.id !== "string") {
    throw new ValidationError({ response: [REGISTRATION_REFUSED] });
  }
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: (challenge) => takeChallenge(challenge, "register", admin.id),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw new ValidationError({ response: [REGISTRATION_REFUSED] });
  const { credential } = verification.registrationInfo;

  return getDb()
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .selectFrom("admin_passkeys")
        .select("id")
        .where("credential_id", "=", credential.id)
        .executeTakeFirst();
      if (taken) throw new ConflictError("This passkey is already added");
      const row = await trx
        .insertInto("admin_passkeys")
        .values({
          admin_id: admin.id,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(" "),
          name,
        })
        .returning(["id", "name", "created_at", "last_used_at"])
        .executeTakeFirstOrThrow();
      await recordAudit(
        { action: "create", entity: "passkey", entityId: row.id, summary: `Passkey added: ${name}`, after: { name } },
        trx,
      );
      await mailPasskeyAdded(trx, admin, row, `${rp.origin}/admin/passkeys`);
      return passkeyFromRow(row);
    });
}

async function mailPasskeyAdded(
  trx: DB,
  admin: Admin,
  passkey: { id: number; name: string; created_at: string },
  manageUrl: string,
): Promise<void> {
  // A person made before accounts had an address has nowhere to be told.
  if (!admin.email) return;
  await queueMail(trx, {
    ...passkeyAddedMail({
      personName: admin.name,
      passkeyName: passkey.name,
      addedAt: passkey.created_at,
      manageUrl,
    }),
    kind: "staff-passkey-added",
    to: admin.email,
    dedupeKey: `staff-passkey-added:${passkey.id}`,
  });
}

export async function renamePasskey(adminId: number, id: number, name: string): Promise<Passkey> {
  const { name: newName } = parseOrThrow(newPasskeySchema, { name });
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("admin_passkeys")
        .select("name")
        .where("admin_id", "=", adminId)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) throw new NotFoundError("That passkey no longer exists");
      const row = await trx
        .updateTable("admin_passkeys")
        .set({ name: newName })
        .where("id", "=", id)
        .returning(["id", "name", "created_at", "last_used_at"])
        .executeTakeFirstOrThrow();
      await recordAudit(
        {
          action: "update",
          entity: "passkey",
          entityId: id,
          summary: `Passkey renamed: ${newName}`,
          before: { name: before.name },
          after: { name: newName },
        },
        trx,
      );
      return passkeyFromRow(row);
    });
}

export async function removePasskey(adminId: number, id: number): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .deleteFrom("admin_passkeys")
        .where("admin_id", "=", adminId)
        .where("id", "=", id)
        .returning(["name"])
        .executeTakeFirst();
      if (!row) throw new NotFoundError("That passkey no longer exists");
      await recordAudit(
        {
          action: "delete",
          entity: "passkey",
          entityId: id,
          summary: `Passkey removed: ${row.name}`,
          before: { name: row.name },
        },
        trx,
      );
    });
}

// ---------------------------------------------------------------------------------------
// Signing in with a passkey.

export class PasskeyRefusedError extends Error {
  readonly status = 401;
  constructor() {
    super(PASSKEY_REFUSED_MESSAGE);
    this.name = "PasskeyRefusedError";
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Passwordless ceremonies started per address: each answer needs a fresh challenge, so this bounds attempts. */
const signInsPerAddress = new RateLimiter("passkey-sign-in-address", 20, FIFTEEN_MINUTES);

/** Options for a passwordless sign-in: no person named, the browser offers the site's passkeys. */
export async function passkeySignInOptions(client: PasskeyClient): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const wait = await signInsPerAddress.take(client.address);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new TooManyRequestsError(
      `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      wait,
    );
  }
  const rp = relyingPartyFor(client.request);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await keepChallenge(options.challenge, "sign-in", null);
  return options;
}

/**
 * Checks an answer to a ceremony against the passkey it names (for `adminId` only, when
 * given) and, when it holds, moves the passkey's counter and last use on. Undefined when
 * anything is wrong: an unknown passkey, another person's, a deactivated person, a used,
 * expired or foreign challenge, a bad signature. The challenge is used up either way.
 */
async function checkAssertion(
  request: Request,
  response: unknown,
  purpose: Purpose,
  adminId: number | null,
): Promise<{ admin: Admin; passkey: { id: number; name: string } } | undefined> {
  if (!response || typeof response !== "object") return undefined;
  const answer = response as AuthenticationResponseJSON;
  const row =
    typeof answer.id === "string"
      ? await getDb()
          .selectFrom("admin_passkeys")
          .innerJoin("admins", "admins.id", "admin_passkeys.admin_id")
          .select([
            ...ADMIN_COLUMNS,
            "admins.active",
            "admin_passkeys.id as passkey_id",
            "admin_passkeys.name as passkey_name",
            "admin_passkeys.credential_id",
            "admin_passkeys.public_key",
            "admin_passkeys.counter",
            "admin_passkeys.transports",
          ])
          .where("admin_passkeys.credential_id", "=", answer.id)
          .executeTakeFirst()
      : undefined;
  const usable = row && row.active === 1 && (adminId === null || row.id === adminId);
  if (!usable) {
    // Refused before any check: the challenge still serves only once.
    await takeChallenge(challengeOf(answer), purpose, adminId);
    return undefined;
  }
  const rp = relyingPartyFor(request);
  const verification = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: (challenge) => takeChallenge(challenge, purpose, adminId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: row.credential_id,
      publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
      counter: row.counter,
      transports: splitTransports(row.transports),
    },
    requireUserVerification: purpose === "sign-in",
  }).catch(() => undefined);
  if (!verification?.verified) return undefined;
  await getDb()
    .updateTable("admin_passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: nowIso() })
    .where("id", "=", row.passkey_id)
    .execute();
  return { admin: adminFromRow(row), passkey: { id: row.passkey_id, name: row.passkey_name } };
}

async function auditPasskeySignIn(
  client: PasskeyClient,
  admin: Admin,
  passkey: { id: number; name: string },
  how: string,
  action: "sign-in" | "reauthenticate" = "sign-in",
): Promise<void> {
  await recordAudit({
    action,
    entity: "passkey",
    entityId: passkey.id,
    summary: `${how}: ${passkey.name}`,
    actor: {
      id: admin.id,
      name: admin.name,
      address: client.address,
      userAgent: client.request.headers.get("User-Agent") ?? "",
    },
  });
}

/** A passwordless sign-in: the person whose passkey answered, or PasskeyRefusedError. */
export async function signInWithPasskey(client: PasskeyClient, response: unknown): Promise<Admin> {
  const found = await checkAssertion(client.request, response, "sign-in", null);
  if (!found) throw new PasskeyRefusedError();
  await auditPasskeySignIn(client, found.admin, found.passkey, "Signed in with a passkey");
  return found.admin;
}

// ---------------------------------------------------------------------------------------
// A passkey as the second step after the password (staff/sign-in), or to confirm who one is
// before a weighty change (staff/two-factor's "Confirm your password").

/** Options for a ceremony that offers only this person's passkeys. */
export async function passkeyOptionsFor(
  adminId: number,
  request: Request,
  purpose: PersonalPurpose,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rows = await getDb()
    .selectFrom("admin_passkeys")
    .select(["credential_id", "transports"])
    .where("admin_id", "=", adminId)
    .execute();
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyFor(request).id,
    allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: splitTransports(row.transports) })),
    userVerification: "preferred",
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await keepChallenge(options.challenge, purpose, adminId);
  return options;
}

const USE_SUMMARY: Record<PersonalPurpose, string> = {
  "second-factor": "Passkey used as a second factor",
  reauthenticate: "Passkey used to confirm who is signed in",
};

/**
 * Whether `response` (the browser's answer to passkeyOptionsFor(adminId, request, purpose))
 * proves the person holds one of their passkeys: another person's passkey, or a challenge
 * given for another purpose or person, is refused. Records the use in the audit trail.
 */
export async function verifyPasskeyFor(
  adminId: number,
  response: unknown,
  client: PasskeyClient,
  purpose: PersonalPurpose,
): Promise<boolean> {
  const found = await checkAssertion(client.request, response, purpose, adminId);
  if (!found) return false;
  const action = purpose === "reauthenticate" ? "reauthenticate" : "sign-in";
  await auditPasskeySignIn(client, found.admin, found.passkey, USE_SUMMARY[purpose], action);
  return true;
}
