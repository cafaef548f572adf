import { getEnv } from "./env.server";

/**
 * The site's absolute address for links that leave it (checkout return addresses):
 * PUBLIC_URL when set, otherwise the address this request came to.
 */
export function siteUrlFor(request: Request): string {
  return getEnv().PUBLIC_URL ?? new URL(request.url).origin;
}
