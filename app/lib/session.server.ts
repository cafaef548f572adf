import { createSessionStorage, type Session } from "react-router";
import { getDb, nowIso } from "./db.server";
import { getEnv } from "./env.server";
import { newSessionId, sessionCookie, STAFF_SESSION_COOKIE } from "./session-cookie.server";

export const ADMIN_SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

export interface AdminSessionData {
  adminId: number;
  /**
   * Where the session starts, read by `createData` into their own columns (the browser, the
   * address signed in from and, for a renewed session, when the one it replaces began) and
   * never kept in the session's data.
   */
  userAgent?: string;
  address?: string;
  startedAt?: string;
  /** When the person last gave their password (or a passkey) in this session: ISO-8601 UTC. */
  reauthenticated_at?: string;
}

/** Last use is written at most this often for each session (and each API token). */
export const LAST_USE_INTERVAL_MS = 60_000;

/** A browser's User-Agent as kept: trimmed, at most 300 characters. */
export function keptUserAgent(userAgent: string | null | undefined): string {
  return (userAgent ?? "").trim().slice(0, 300);
}
export interface AdminSessionFlash {
  notice: string;
}

/**
 * Admin sessions live in the database; the cookie holds only a signed random id, so
 * logging out (or changing the password) ends the session on the server for good.
 */
function createAdminSessionStorage() {
  return createSessionStorage<AdminSessionData, AdminSessionFlash>({
    cookie: sessionCookie(STAFF_SESSION_COOKIE, ADMIN_SESSION_LIFETIME_SECONDS),
    async createData(data, expires) {
      const id = newSessionId();
      const { userAgent, address, startedAt, ...kept } = data;
      const now = nowIso();
      await getDb()
        .insertInto("admin_sessions")
        .values({
          id,
          admin_id: Number(kept.adminId),
          data: JSON.stringify(kept),
          expires_at: (expires ?? new Date(Date.now() + ADMIN_SESSION_LIFETIME_SECONDS * 1000)).toISOString(),
          user_agent: keptUserAgent(userAgent),
          address: (address ?? "").slice(0, 100),
          created_at: startedAt ?? now,
          last_used_at: now,
        })
        .execute();
      return id;
    },
    async readData(id) {
      const now = nowIso();
      const row = await getDb()
        .selectFrom("admin_sessions")
        .select(["data", "last_used_at"])
        .where("id", "=", id)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (!row) return null;
      // Last use, written at most once a minute: a busy screen costs no write per request.
      if (!row.last_used_at || Date.parse(row.last_used_at) <= Date.now() - LAST_USE_INTERVAL_MS) {
        await getDb().updateTable("admin_sessions").set({ last_used_at: now }).where("id", "=", id).execute();
      }
      return JSON.parse(row.data) as AdminSessionData;
    },
    async updateData(id, data, expires) {
      await getDb()
        .updateTable("admin_sessions")
        .set({
          data: JSON.stringify({ ...data, userAgent: undefined, address: undefined, startedAt: undefined }),
          ...(expires ? { expires_at: expires.toISOString() } : {}),
        })
        .where("id", "=", id)
        .execute();
    },
    async deleteData(id) {
      await getDb().deleteFrom("admin_sessions").where("id", "=", id).execute();
    },
  });
}

let storage: ReturnType<typeof createAdminSessionStorage> | undefined;
function sessionStorage() {
  storage ??= createAdminSessionStorage();
  return storage;
}

export function getAdminSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * The cookie is Secure whenever the site is reached over HTTPS: PUBLIC_URL says https, or
 * the request arrived as https (directly, or through a proxy trusted with TRUST_PROXY).
 */
export function isServedOverHttps(request: Request): boolean {
  return getEnv().PUBLIC_URL?.startsWith("https:") || new URL(request.url).protocol === "https:";
}

export function commitAdminSession(session: Session<AdminSessionData, AdminSessionFlash>, request: Request) {
  return sessionStorage().commitSession(session, { secure: isServedOverHttps(request) });
}

export function destroyAdminSession(session: Session<AdminSessionData, AdminSessionFlash>, request: Request) {
  return sessionStorage().destroySession(session, { secure: isServedOverHttps(request) });
}

/** Drops expired sessions (admins' and donors'), tokens and donors' sign-in links; called at start-up. */
export async function pruneExpiredSessions(): Promise<void> {
  const now = nowIso();
  await getDb().deleteFrom("admin_sessions").where("expires_at", "<=", now).execute();
  await getDb().deleteFrom("donor_sessions").where("expires_at", "<=", now).execute();
  await getDb().deleteFrom("api_tokens").where("expires_at", "<=", now).execute();
  // Donors' sign-in links are kept a day past their expiry (the five-an-hour count reads them), then go.
  await getDb()
    .deleteFrom("giving_sign_in_links")
    .where("expires_at", "<=", new Date(Date.now() - 86_400_000).toISOString())
    .execute();
  // Families' sessions and sign-in links (applications/my-application), the same way.
  await getDb().deleteFrom("applicant_sessions").where("expires_at", "<=", now).execute();
  await getDb()
    .deleteFrom("applicant_sign_in_links")
    .where("expires_at", "<=", new Date(Date.now() - 86_400_000).toISOString())
    .execute();
}
