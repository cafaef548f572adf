import { randomBytes } from "node:crypto";
import { tokenHash as hashToken } from "~/lib/token-hash.server";
import { getDb, nowIso } from "~/lib/db.server";
import { ADMIN_COLUMNS, adminFromRow, type Admin } from "~/staff/accounts/index.server";

/** Bearer tokens for the JSON API: random, stored only as a SHA-256 hash, valid for 12 hours. */
export const API_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

export async function issueApiToken(admin: Admin): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + API_TOKEN_LIFETIME_MS).toISOString();
  const db = getDb();
  await db.deleteFrom("api_tokens").where("expires_at", "<=", nowIso()).execute();
  await db
    .insertInto("api_tokens")
    .values({ admin_id: admin.id, token_hash: hashToken(token), expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** The active person a live token belongs to, or undefined for an unknown or expired token. */
export async function findAdminByApiToken(token: string): Promise<Admin | undefined> {
  if (!token) return undefined;
  const row = await getDb()
    .selectFrom("api_tokens")
    .innerJoin("admins", "admins.id", "api_tokens.admin_id")
    .select(ADMIN_COLUMNS)
    .where("api_tokens.token_hash", "=", hashToken(token))
    .where("api_tokens.expires_at", ">", nowIso())
    .where("admins.active", "=", 1)
    .executeTakeFirst();
  return row ? adminFromRow(row) : undefined;
}

export async function revokeApiToken(token: string): Promise<void> {
  await getDb().deleteFrom("api_tokens").where("token_hash", "=", hashToken(token)).execute();
}
