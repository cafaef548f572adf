import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import type { Admin } from "~/staff/accounts";
import { findAdminById } from "~/staff/accounts/index.server";
import { getDb, nowIso } from "~/lib/db.server";
import { getSessionSecret } from "~/lib/session-secret.server";
import { isServedOverHttps } from "~/lib/session.server";
import { tokenHash } from "~/lib/token-hash.server";

/**
 * A correct password waiting for its second factor. Nothing is signed in yet: the browser holds
 * a random token in a short-lived cookie, the server keeps only its hash beside the person, and
 * only a second factor (a code today; another kind of factor later, through the same
 * `completePendingSignIn`) turns it into a session.
 */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

function pendingCookie() {
  return createCookie("admin_sign_in_pending", {
    httpOnly: true,
    sameSite: "lax",
    // Not "/admin/login": the page's own data requests go to /admin/login.data.
    path: "/admin",
    maxAge: PENDING_SIGN_IN_SECONDS,
    secrets: [getSessionSecret()],
  });
}

/** Records the pending sign-in and answers the Set-Cookie header that carries it. */
export async function startPendingSignIn(admin: Admin, request: Request): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = getDb();
  await db.deleteFrom("admin_pending_sign_ins").where("expires_at", "<=", nowIso()).execute();
  await db
    .insertInto("admin_pending_sign_ins")
    .values({
      token_hash: tokenHash(token),
      admin_id: admin.id,
      expires_at: new Date(Date.now() + PENDING_SIGN_IN_SECONDS * 1000).toISOString(),
    })
    .execute();
  return pendingCookie().serialize(token, { secure: isServedOverHttps(request) });
}

async function pendingToken(request: Request): Promise<string | undefined> {
  const value: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : undefined;
}

/** The person whose password was given in this browser a few minutes ago, or undefined. */
export async function pendingSignIn(request: Request): Promise<Admin | undefined> {
  const token = await pendingToken(request);
  if (!token) return undefined;
  const row = await getDb()
    .selectFrom("admin_pending_sign_ins")
    .select("admin_id")
    .where("token_hash", "=", tokenHash(token))
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return row ? findAdminById(row.admin_id) : undefined;
}

/**
 * Ends the pending state once a second factor has been accepted (or the person starts over)
 * and answers the Set-Cookie header that clears the cookie. The caller then begins the session.
 */
export async function completePendingSignIn(request: Request): Promise<string> {
  const token = await pendingToken(request);
  if (token) await getDb().deleteFrom("admin_pending_sign_ins").where("token_hash", "=", tokenHash(token)).execute();
  return pendingCookie().serialize("", { maxAge: 0, secure: isServedOverHttps(request) });
}
