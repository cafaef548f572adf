import { holdsAnyOf, type Role } from "~/staff/accounts";

/**
 * Who reads a family's own words (name, contact, household, money): case workers and
 * finance (an owner always), the roles issue 31 names. Everyone who reaches a case today
 * holds one of them; a role given the screens or the API later without them gets the case's
 * figures and none of the family's fields.
 */
export const APPLICANT_READERS: readonly Role[] = ["caseworker", "finance"];

export function mayReadApplicant(roles: readonly Role[]): boolean {
  return holdsAnyOf(roles, APPLICANT_READERS);
}

/** Who may be assigned a case: an active person holding one of these (an owner too). */
export const ASSIGNABLE_ROLES: readonly Role[] = ["caseworker", "finance", "owner"];
