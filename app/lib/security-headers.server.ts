/**
 * Security headers. Pages get a nonce-based Content-Security-Policy (React Router's
 * hydration script carries the nonce); every other response gets a deny-all policy.
 */

// Hosts the homepage may embed (hero video and gallery), and the provider's hosted pages
// a form's POST redirects to (checkout, and the billing portal from /my-giving).
const EMBED_HOSTS = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];
const CHECKOUT_HOSTS = ["https://checkout.stripe.com", "https://billing.stripe.com"];

/**
 * How a page's inline scripts are allowed: by a nonce new for each response, or, for a
 * page served alike to every visitor, by the hashes of the scripts it carries.
 */
export type InlineScripts = { nonce: string } | { hashes: string[] };

export function documentContentSecurityPolicy(scripts: InlineScripts, isProduction: boolean): string {
  const allowed = "nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.join(" ");
  return [
    "default-src 'self'",
    // Vite's dev server injects its own inline scripts; production allows the page's own only.
    isProduction ? `script-src 'self' ${allowed}`.trimEnd() : "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    // Staff may link photos and videos by any http(s) URL (the media URL rules); an https page upgrades http ones
    // itself.
    "img-src 'self' https: http: data: blob:",
    "media-src 'self' https: http: blob:",
    "font-src 'self' data:",
    `frame-src ${EMBED_HOSTS.join(" ")}`,
    isProduction ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    `form-action 'self' ${CHECKOUT_HOSTS.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const RESOURCE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Headers every response carries, whatever produced it. */
export function baseSecurityHeaders(isProduction: boolean, isHttps: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    ...(isProduction && isHttps ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The headers the production server adds before any handler runs. Pages set their own
 * CSP (with a nonce) in entry.server; API answers and uploaded files get the deny-all one.
 */
export function securityHeadersFor(pathname: string, isHttps: boolean, publicUrl?: string): Record<string, string> {
  const headers = baseSecurityHeaders(true, isHttps || Boolean(publicUrl?.startsWith("https:")));
  if (pathname.startsWith("/api/") || pathname === "/healthz") {
    headers["Content-Security-Policy"] = RESOURCE_CONTENT_SECURITY_POLICY;
  }
  return headers;
}
