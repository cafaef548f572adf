/**
 * A donor is one email address however it was typed: " Amina@Example.org" and
 * "amina@example.org" give as one person, find the same gifts on My giving and count
 * once in the statistics. Every donor address is stored in this form and looked up in
 * it, so a plain comparison (and a plain index) is enough everywhere.
 */
export function normalEmail(address: string): string {
  return address.trim().toLowerCase();
}
