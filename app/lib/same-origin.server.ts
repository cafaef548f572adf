/**
 * Whether a request comes from this site's own pages, by what browsers say of it
 * (Sec-Fetch-Site, Origin). Requests that carry neither (servers, curl, Stripe) are not
 * a browser acting for someone else, so they pass.
 */
export const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  return origin === new URL(request.url).origin;
}
