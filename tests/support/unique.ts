import { randomBytes } from "node:crypto";

/**
 * Names no other test (nor an earlier run against the same database) has used. Pure, so the
 * end-to-end specs share it with the integration tests. The forms differ where a test reads
 * them back: a label, a slug, a title shown on a page, or a bare suffix.
 */

/** `label-<ms>-<random>`: a label no other test has used. */
export function unique(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

/** `<base36 ms><5 random letters>`: a bare suffix, for names and addresses built around it. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** `prefix-<base36 ms>-<6 hex>`: short enough for a slug or an address. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
}

/** `label <base36 ms>`: a title that reads as words on the page. */
export function uniqueTitle(label: string): string {
  return `${label} ${Date.now().toString(36)}`;
}
