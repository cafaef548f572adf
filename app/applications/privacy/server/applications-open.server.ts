import { data } from "react-router";
import { DataKeyError } from "~/lib/data-encryption.server";
import { getKeyRing } from "~/lib/data-keys.server";

/**
 * What a family reads when the site cannot seal their application: a PostgreSQL site started
 * without DATA_ENCRYPTION_KEY and holding no applications yet (decision 168 lets it start, and
 * the start-up prints a WARNING line). Said plainly, with a 503, never as a 500.
 */
export const APPLICATIONS_CLOSED = {
  heading: "Applications are not open yet",
  detail:
    "We cannot take applications for help on this site yet: it is still being set up to keep families' details safe. Please try again later, or contact the foundation.",
};

/**
 * Whether the site has the data key a family's application is sealed with. `resolve`: the
 * key ring (a test's stand-in).
 */
export function applicationsOpen(resolve: () => unknown = getKeyRing): boolean {
  try {
    resolve();
    return true;
  } catch (error) {
    if (error instanceof DataKeyError) return false;
    throw error;
  }
}

/**
 * The family's pages (the application's steps, its resume link, My application and its
 * sign-in) call this first: without the data key they answer the 503 page, whose words the
 * site's error page shows.
 */
export function refuseWhileApplicationsClosed(resolve: () => unknown = getKeyRing): void {
  if (applicationsOpen(resolve)) return;
  throw data(APPLICATIONS_CLOSED, {
    status: 503,
    headers: { "Retry-After": "3600", "Cache-Control": "private, no-store" },
  });
}
