import type { IncomingMessage } from "node:http";
import { APPLICANT_SESSION_COOKIE, DONOR_SESSION_COOKIE, STAFF_SESSION_COOKIE } from "~/lib/session-cookie.server";

const SESSION_COOKIES = new Set([STAFF_SESSION_COOKIE, DONOR_SESSION_COOKIE, APPLICANT_SESSION_COOKIE]);

/**
 * Whether a Cookie header carries a session cookie, read as the app reads cookies (names
 * trimmed: `admin_session =…` is the staff session too).
 */
function carriesSession(cookie: string): boolean {
  return cookie.split(";").some((pair) => {
    const equals = pair.indexOf("=");
    return equals > 0 && SESSION_COOKIES.has(pair.slice(0, equals).trim());
  });
}

/**
 * Whether a request is a visitor's, who sees what every visitor sees: a read, with no
 * session cookie (staff, donors and families, signed in or not long ago, always get a fresh page)
 * and no API token.
 */
export function isVisitorRead(
  method: string,
  cookie: string | null | undefined,
  authorization: string | null | undefined,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (authorization) return false;
  return !cookie || !carriesSession(cookie);
}

/** The same question asked of a Fetch request (the app's side). */
export function isVisitorFetch(request: Request): boolean {
  return isVisitorRead(
    request.method.toUpperCase(),
    request.headers.get("Cookie"),
    request.headers.get("Authorization"),
  );
}

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** Longer addresses (made up, or a tracking link gone wrong) are answered by the app each time, never kept. */
const MAX_KEY_LENGTH = 1024;

/**
 * Query parameters that social sites and mail tools add to shared links (a new value on
 * every click) and that no page reads: dropped before the app sees the address, so a
 * shared appeal is one kept page, not one per click.
 */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|igshid)$/i;

/** A visitor's address without tracking parameters (the same string when it has none). */
export function withoutTracking(url: string): string {
  const query = url.indexOf("?");
  if (query < 0 || !/(?:[?&])(utm_|fbclid|gclid|dclid|msclkid|mc_|_ga|igshid)/i.test(url)) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of [...params.keys()]) if (TRACKING_PARAMETER.test(name)) params.delete(name);
  const rest = params.toString();
  return url.slice(0, query) + (rest ? `?${rest}` : "");
}

/**
 * What a kept page is filed under: the address as the app sees it. Pages carry links
 * built from the host they were asked on, so the host (and, behind a trusted proxy, the
 * forwarded host and scheme) is part of it: a request with a made-up Host gets a page
 * of its own, never one another visitor is served. `undefined` when the request is not a
 * visitor's read, or its address is too long to keep.
 */
export function pageKeyOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  return isVisitorRead(req.method ?? "", req.headers.cookie, req.headers.authorization)
    ? addressKeyOf(req, trustProxy)
    : undefined;
}

/** The key of a request already known to be a visitor's read. */
export function addressKeyOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const secure = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  const proxied = trustProxy
    ? `${firstOf(req.headers["x-forwarded-proto"])}|${firstOf(req.headers["x-forwarded-host"])}|`
    : "";
  const key = `${secure ? "https" : "http"}|${proxied}${req.headers.host ?? ""}|${req.url ?? "/"}`;
  return key.length <= MAX_KEY_LENGTH ? key : undefined;
}
