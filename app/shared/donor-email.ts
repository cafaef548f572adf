/**
 * A donor is one email address however it was typed: " Amina@Example.org" and
 * "amina@example.org" give as one person, find the same gifts on My giving and count
 * once in the statistics. Every donor address is stored in this form and looked up in
 * it, so a plain comparison (and a plain index) is enough everywhere.
 */
export function normalEmail(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * The mailbox an address reaches: "amina+zakat@example.org" is delivered to
 * amina@example.org (a sub-address), so a limit on mail sent to one person counts every
 * "+tag" of their address as theirs. Takes an address in its normal form.
 */
export function mailboxOf(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  const tag = local.indexOf("+");
  return { local: tag > 0 ? local.slice(0, tag) : local, domain: address.slice(at + 1) };
}
