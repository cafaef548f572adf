import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { getSessionSecret } from "./session-secret.server";

/** The cookies of the kinds of session: anyone carrying one is served fresh pages. */
export const STAFF_SESSION_COOKIE = "admin_session";
export const DONOR_SESSION_COOKIE = "my_giving";
/** A family's view of their own applications (applications/my-application). */
export const APPLICANT_SESSION_COOKIE = "my_application";

/**
 * The cookie of a session kept in the database (staff and donors alike): it carries only
 * a signed random id, out of reach of scripts, sent with same-site navigations and every
 * path's data requests, and dropped by the browser when the session would end anyway.
 */
export function sessionCookie(name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: maxAgeSeconds,
    secrets: [getSessionSecret()],
  });
}

/** 256 random bits, URL-safe: a session's id, the only key to it. */
export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}
