import { redirect } from "react-router";
import { CONFIRM_PASSWORD_PATH, RECENT_PASSWORD_MESSAGE, RECENT_PASSWORD_MS } from "../rules/two-factor";
import type { Admin } from "~/staff/accounts";
import { signInAdmin } from "~/staff/accounts/index.server";
import { apiError } from "~/lib/api.server";
import { ValidationError } from "~/lib/service-errors";
import { getDb } from "~/lib/db.server";
import { commitAdminSession, getAdminSession } from "~/lib/session.server";
import { tokenHash } from "~/lib/token-hash.server";

function bearerOf(request: Request): string | undefined {
  return request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}

/** When the password was last given by whoever sends this request: the session's note, or the token's making. */
async function passwordGivenAt(request: Request): Promise<number | undefined> {
  const bearer = bearerOf(request);
  if (bearer) {
    // A sign-in token is made by POST /api/auth/login, with the password (and code): that is when it was
    // given. A personal token is made on a screen without the password and lives for months: it never
    // counts as a password given, so a weighty change by it is refused (sign in for a fresh token).
    const row = await getDb()
      .selectFrom("api_tokens")
      .select(["created_at", "kind"])
      .where("token_hash", "=", tokenHash(bearer))
      .executeTakeFirst();
    if (row) return row.kind === "sign-in" ? Date.parse(row.created_at) : undefined;
  }
  const given = (await getAdminSession(request)).get("reauthenticated_at");
  return given ? Date.parse(given) : undefined;
}

/** Whether the password was given within the last 10 minutes. */
export async function hasRecentPassword(request: Request, now = Date.now()): Promise<boolean> {
  const given = await passwordGivenAt(request);
  return given !== undefined && now - given <= RECENT_PASSWORD_MS;
}

/**
 * For a weighty change (turning two-factor off, new recovery codes, changing roles, adding a
 * passkey, exporting donor data): passes when the password (or a passkey) was given within 10
 * minutes; otherwise an admin screen is sent to "Confirm your password" (and brought back to
 * `returnTo`, the page's own address by default), and an API call (an /api/ address, or any
 * call with a bearer token, such as a script downloading an export) answers 403 `{detail,
 * reauthentication_required: true}` (sign in again with POST /api/auth/login for a fresh token).
 */
export async function requireRecentPassword(request: Request, url: URL, returnTo?: string): Promise<void> {
  if (url.pathname.startsWith("/api/") || bearerOf(request)) return requireRecentPasswordJson(request);
  if (await hasRecentPassword(request)) return;
  const back = returnTo ?? url.pathname + url.search;
  throw redirect(`${CONFIRM_PASSWORD_PATH}?${new URLSearchParams({ redirectTo: back })}`);
}

/**
 * The same for a JSON endpoint a screen calls (a passkey ceremony's options): a thrown 403
 * `{detail, reauthentication_required: true}` when the password is not recent.
 */
export async function requireRecentPasswordJson(request: Request): Promise<void> {
  if (await hasRecentPassword(request)) return;
  throw apiError(403, RECENT_PASSWORD_MESSAGE, undefined, { reauthentication_required: true });
}

/**
 * Checks the password again (rate-limited as at sign-in) and notes the moment in the session;
 * answers the Set-Cookie header. A wrong password throws InvalidCredentialsError.
 */
export async function confirmPassword(
  admin: Admin,
  password: string,
  request: Request,
  address: string,
): Promise<string> {
  await signInAdmin(admin.username, password, address, "reauthenticate");
  return noteReauthenticated(request, admin);
}

/**
 * Notes in the signed-in person's own session that they have just proved who they are (the
 * password again, or one of their passkeys); answers the Set-Cookie header. Only a browser
 * session can keep the note: a bearer token has none (a ValidationError says so).
 */
export async function noteReauthenticated(request: Request, admin: Admin): Promise<string> {
  const session = await getAdminSession(request);
  if (Number(session.get("adminId")) !== admin.id) {
    throw new ValidationError({ password: ["Sign in with the sign-in form first, then try again"] });
  }
  return notePasswordGiven(request, session);
}

/** Notes in the session that the password was given now (at sign-in, or when confirmed). */
export async function notePasswordGiven(
  request: Request,
  session?: Awaited<ReturnType<typeof getAdminSession>>,
): Promise<string> {
  const current = session ?? (await getAdminSession(request));
  current.set("reauthenticated_at", new Date().toISOString());
  return commitAdminSession(current, request);
}
