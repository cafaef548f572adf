import type { IncomingMessage } from "node:http";
import { DONOR_SESSION_COOKIE, STAFF_SESSION_COOKIE } from "../session-cookie.server";

const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:${STAFF_SESSION_COOKIE}|${DONOR_SESSION_COOKIE})=`);

/**
 * Whether a request is a visitor's, who sees what every visitor sees: a read, with no
 * session cookie (staff and donors, signed in or not long ago, always get a fresh page)
 * and no API token.
 */
export function isVisitorRead(method: string, cookie: string | null | undefined, authorization: string | null | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (authorization) return false;
  return !cookie || !SESSION_COOKIE.test(cookie);
}

/** The same question asked of a Fetch request (the app's side). */
export function isVisitorFetch(request: Request): boolean {
  return isVisitorRead(request.method.toUpperCase(), request.headers.get("Cookie"), request.headers.get("Authorization"));
}

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/**
 * What a kept page is filed under: the address as the app sees it. Pages carry links
 * built from the host they were asked on, so the host (and, behind a trusted proxy, the
 * forwarded host and scheme) is part of it: a request with a made-up Host gets a page
 * of its own, never one another visitor is served. `undefined` when the request is not a
 * visitor's read.
 */
export function pageKeyOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!isVisitorRead(req.method ?? "", req.headers.cookie, req.headers.authorization)) return undefined;
  const secure = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  const proxied = trustProxy ? `${firstOf(req.headers["x-forwarded-proto"])}|${firstOf(req.headers["x-forwarded-host"])}|` : "";
  return `${secure ? "https" : "http"}|${proxied}${req.headers.host ?? ""}|${req.url ?? "/"}`;
}
