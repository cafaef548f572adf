import { createHash } from "node:crypto";

/**
 * A key mailed to someone (a sign-in link, a card link, a reminder's stop link) or handed
 * to staff (an API token) is kept only as this hash: whoever reads the database cannot use it.
 */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
