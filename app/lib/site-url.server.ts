import { getEnv } from "./env.server";

/**
 * The site's absolute address for links that leave it (checkout return addresses):
 * PUBLIC_URL when set, otherwise the address this request came to.
 */
export function siteUrlFor(request: Request): string {
  return getEnv().PUBLIC_URL ?? new URL(request.url).origin;
}

/**
 * The site's address where no request is at hand (links in mail written for a provider's
 * webhook): PUBLIC_URL, or this machine at its port. Going live sets PUBLIC_URL.
 */
export function configuredSiteUrl(): string {
  const env = getEnv();
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}
