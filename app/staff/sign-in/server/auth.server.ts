import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { adminLoginSchema } from "../rules/admin-login";
import { findAdminById, signInAdmin, type Admin } from "~/staff/accounts/index.server";
import { findAdminByApiToken } from "./api-tokens.server";
import { apiError } from "~/lib/api.server";
import { MUTATING_METHODS, isSameOriginRequest } from "~/lib/same-origin.server";
import { parseOrThrow } from "~/lib/service-errors";
import { adminContext } from "~/lib/request-context";
import { getAdminSession } from "~/lib/session.server";

/**
 * The sign-in form goes through remix-auth's FormStrategy. The client address is part of
 * the rate limit, so an authenticator is made for each request (it is a small object).
 */
export function adminAuthenticator(clientAddress: string): Authenticator<Admin> {
  return new Authenticator<Admin>().use(
    new FormStrategy(async ({ form }) => {
      const { username, password } = parseOrThrow(adminLoginSchema, Object.fromEntries(form));
      return signInAdmin(username, password, clientAddress);
    }),
    "admin-password",
  );
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

export async function adminFromSession(request: Request): Promise<Admin | undefined> {
  const session = await getAdminSession(request);
  const adminId = session.get("adminId");
  return adminId ? findAdminById(Number(adminId)) : undefined;
}

/**
 * The one place that decides who is asking: an `Authorization: Bearer` token from
 * POST /api/auth/login, or the admin session cookie. Undefined when neither is valid.
 */
export async function authorizeAdmin(
  request: Request,
): Promise<{ admin: Admin; via: "token" | "session" } | undefined> {
  const token = bearerToken(request);
  const byToken = token ? await findAdminByApiToken(token) : undefined;
  if (byToken) return { admin: byToken, via: "token" };
  const bySession = await adminFromSession(request);
  return bySession ? { admin: bySession, via: "session" } : undefined;
}

/**
 * For admin screens: the signed-in admin, or a redirect to sign-in that comes back here.
 * `url` is the page's own address (React Router's `url` argument, without `.data`).
 */
export async function requireAdminPage(request: Request, url: URL): Promise<Admin> {
  const found = await authorizeAdmin(request);
  if (found) return found.admin;
  const back = url.pathname + url.search;
  const query = back === "/admin" || back === "/admin/" ? "" : `?${new URLSearchParams({ redirectTo: back })}`;
  throw redirect(`/admin/login${query}`);
}

/**
 * For admin API routes: the admin, or a thrown JSON 401. A cookie-authenticated change
 * must come from this site's own pages (CSRF); bearer tokens are not sent by browsers
 * on their own, so they need no such check.
 */
export async function requireAdminApi(request: Request): Promise<Admin> {
  const found = await authorizeAdmin(request);
  if (!found) throw apiError(401, "Not authenticated", { "WWW-Authenticate": "Bearer" });
  if (found.via === "session" && MUTATING_METHODS.has(request.method) && !isSameOriginRequest(request)) {
    throw apiError(403, "Cross-site request refused");
  }
  return found.admin;
}

/**
 * An API handler only signed-in staff may call, handed the person asking. The API's guard
 * (staff/access) has already checked them and their roles for this route; called without it
 * (a test calling the handler itself), the person is looked up here (401 without one).
 */
export function staffOnly<Args extends { request: Request; context: { get(key: typeof adminContext): Admin | null } }>(
  handler: (args: Args, admin: Admin) => Promise<Response>,
) {
  return async (args: Args): Promise<Response> =>
    handler(args, args.context.get(adminContext) ?? (await requireAdminApi(args.request)));
}
