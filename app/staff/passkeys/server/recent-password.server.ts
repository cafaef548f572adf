import { RECENT_PASSWORD_MINUTES } from "../rules/passkeys";
import { signInAdmin, type Admin } from "~/staff/accounts/index.server";
import { apiError } from "~/lib/api.server";
import { ValidationError } from "~/lib/service-errors";
import { nowIso } from "~/lib/db.server";
import { commitAdminSession, getAdminSession } from "~/lib/session.server";
import { hasRecentPassword } from "~/staff/two-factor/index.server";

/**
 * "Give your password again" before adding a passkey (issue 30): the ten-minute rule is the
 * two-factor slice's (`hasRecentPassword`); this answers the ceremony's JSON endpoint with a
 * thrown 403 `{detail}` when the password is not recent.
 */
export async function requireRecentPassword(request: Request): Promise<void> {
  if (!(await hasRecentPassword(request))) {
    throw apiError(
      403,
      `Enter your password again: it was last given more than ${RECENT_PASSWORD_MINUTES} minutes ago.`,
    );
  }
}

/**
 * Checks the person's password again (with the sign-in form's rate limits: a wrong one throws
 * InvalidCredentialsError) and notes the moment in the session; returns the Set-Cookie value.
 */
export async function confirmPassword(
  request: Request,
  admin: Admin,
  password: string,
  clientAddress: string,
): Promise<string> {
  await signInAdmin(admin.username, password, clientAddress);
  const session = await getAdminSession(request);
  // Only a signed-in browser session can note it (a bearer token has no session to keep it in).
  if (Number(session.get("adminId")) !== admin.id) {
    throw new ValidationError({ password: ["Sign in with the sign-in form first, then try again"] });
  }
  session.set("reauthenticated_at", nowIso());
  return commitAdminSession(session, request);
}

/**
 * A new admin session for a person who has just signed in with a passkey, made exactly as the
 * password form makes one (a fresh session, never one planted before sign-in); the passkey,
 * checked with its user verification, counts as the password just given. Returns Set-Cookie.
 */
export async function startSignedInSession(request: Request, adminId: number): Promise<string> {
  const session = await getAdminSession(new Request(request.url));
  session.set("adminId", adminId);
  session.set("reauthenticated_at", nowIso());
  return commitAdminSession(session, request);
}
