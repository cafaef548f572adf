/**
 * What a member of staff may do is the roles they hold (issue 30). A person may hold several;
 * an owner may do everything. The words are the foundation's own: they appear on the Team
 * screen, in invitations and on the page that refuses a screen.
 */
export const ROLES = ["owner", "finance", "caseworker", "editor", "community"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  finance: "Finance",
  caseworker: "Case worker",
  editor: "Editor",
  community: "Community",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "The team, settings and everything else",
  finance: "Donations, subscriptions, offline gifts, funds, the ledger, rates and donor exports",
  caseworker: "Zakat applications and their cases; no donor lists",
  editor: "Stories, events, testimonials, media, appeals' pages, newsletters and the Zakat policy's text",
  community: "Contact messages, volunteers and newsletter subscribers",
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The roles column ("finance editor") as a list in the order of ROLES; unknown words are dropped. */
export function rolesFromColumn(column: string): Role[] {
  const held = new Set(column.split(/\s+/));
  return ROLES.filter((role) => held.has(role));
}

/** The list as the roles column stores it, in the order of ROLES, each once. */
export function rolesToColumn(roles: readonly Role[]): string {
  return ROLES.filter((role) => roles.includes(role)).join(" ");
}

/** Owners may do everything; anyone else needs one of the roles asked for. */
export function holdsAnyOf(held: readonly Role[], wanted: readonly Role[]): boolean {
  return held.includes("owner") || wanted.some((role) => held.includes(role));
}
