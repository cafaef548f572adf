import { randomBytes } from "node:crypto";
import { tokenHash as hashToken } from "~/lib/token-hash.server";
import { getDb, nowIso } from "~/lib/db.server";
import { LAST_USE_INTERVAL_MS } from "~/lib/session.server";
import { NotFoundError } from "~/lib/service-errors";
import { ADMIN_COLUMNS, adminFromRow, type Admin } from "~/staff/accounts/index.server";
import { recordAudit } from "~/staff/audit/index.server";
import { PERSONAL_TOKEN_DAYS, type PersonalTokenInput } from "../rules/personal-token";

/**
 * Bearer tokens for the JSON API: random, stored only as a SHA-256 hash. Those
 * POST /api/auth/login hands out (`sign-in`) live 12 hours; a person's named `personal`
 * tokens live as long as they chose when making one (30, 90 or 365 days, never for ever).
 * Either kind ends when the person is deactivated or their password is reset.
 */
export const API_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

export type ApiTokenKind = "sign-in" | "personal";

/** A personal token as its owner sees it listed: never the token itself. */
export interface PersonalToken {
  id: number;
  name: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export async function issueApiToken(admin: Admin): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + API_TOKEN_LIFETIME_MS).toISOString();
  const db = getDb();
  await db.deleteFrom("api_tokens").where("expires_at", "<=", nowIso()).execute();
  await db
    .insertInto("api_tokens")
    .values({ admin_id: admin.id, token_hash: hashToken(token), expires_at: expiresAt, kind: "sign-in" })
    .execute();
  return { token, expiresAt };
}

/**
 * The active person a live token belongs to, or undefined for an unknown or expired token.
 * The token's last use is written at most once a minute.
 */
export async function findAdminByApiToken(token: string): Promise<Admin | undefined> {
  if (!token) return undefined;
  const row = await getDb()
    .selectFrom("api_tokens")
    .innerJoin("admins", "admins.id", "api_tokens.admin_id")
    .select(ADMIN_COLUMNS)
    .select(["api_tokens.id as token_id", "api_tokens.last_used_at as token_last_used_at"])
    .where("api_tokens.token_hash", "=", hashToken(token))
    .where("api_tokens.expires_at", ">", nowIso())
    .where("admins.active", "=", 1)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.token_last_used_at || Date.parse(row.token_last_used_at) <= Date.now() - LAST_USE_INTERVAL_MS) {
    await getDb().updateTable("api_tokens").set({ last_used_at: nowIso() }).where("id", "=", row.token_id).execute();
  }
  return adminFromRow(row);
}

/** Revokes a token; answers whose it was (undefined for a token that was not one). */
export async function revokeApiToken(token: string): Promise<number | undefined> {
  const revoked = await getDb()
    .deleteFrom("api_tokens")
    .where("token_hash", "=", hashToken(token))
    .returning("admin_id")
    .executeTakeFirst();
  return revoked ? Number(revoked.admin_id) : undefined;
}

/**
 * Makes a named personal token for the person: the token is handed back this once and kept
 * only as its hash. It resolves to the person, so it carries their roles as they are when used.
 */
export async function createPersonalToken(
  admin: Admin,
  input: PersonalTokenInput,
): Promise<PersonalToken & { token: string }> {
  const token = newToken();
  const days = PERSONAL_TOKEN_DAYS[input.lifetime];
  const createdAt = nowIso();
  const expiresAt = new Date(Date.now() + days * 86_400_000).toISOString();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("api_tokens")
        .values({
          admin_id: admin.id,
          token_hash: hashToken(token),
          expires_at: expiresAt,
          created_at: createdAt,
          kind: "personal",
          name: input.name,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(
        {
          action: "create",
          entity: "api-token",
          entityId: row.id,
          summary: `API token: ${input.name}`,
          after: { name: input.name, expires_at: expiresAt },
        },
        trx,
      );
      return { id: row.id, name: input.name, createdAt, expiresAt, lastUsedAt: null, token };
    });
}

/** The person's personal tokens still alive, newest first. */
export async function listPersonalTokens(adminId: number): Promise<PersonalToken[]> {
  const rows = await getDb()
    .selectFrom("api_tokens")
    .select(["id", "name", "created_at", "expires_at", "last_used_at"])
    .where("admin_id", "=", adminId)
    .where("kind", "=", "personal")
    .where("expires_at", ">", nowIso())
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  }));
}

/** One of the person's own personal tokens (404 for anyone else's, so none is confirmed to exist). */
export async function findPersonalToken(admin: Admin, id: number): Promise<PersonalToken> {
  const found = (await listPersonalTokens(admin.id)).find((token) => token.id === id);
  if (!found) throw new NotFoundError("That token no longer exists.");
  return found;
}

/** Revokes one of the person's own personal tokens: it answers 401 from then on. */
export async function revokePersonalToken(admin: Admin, id: number): Promise<void> {
  const token = await findPersonalToken(admin, id);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("api_tokens").where("id", "=", token.id).where("admin_id", "=", admin.id).execute();
      await recordAudit(
        {
          action: "revoke",
          entity: "api-token",
          entityId: token.id,
          summary: `API token: ${token.name}`,
          before: { name: token.name, expires_at: token.expiresAt },
        },
        trx,
      );
    });
}
