import type { Role } from "~/staff/accounts";
import { createAdmin } from "~/staff/accounts/server/admins.server";
import { issueApiToken } from "~/staff/sign-in/server/api-tokens.server";

let counter = 0;

/** A fresh member of staff (an owner unless roles are given) with a known password and a live bearer token. */
export async function createTestAdmin(password = "a-strong-password", roles: Role[] = ["owner"]) {
  counter += 1;
  const admin = await createAdmin({ username: `staff${counter}-${Date.now()}`, password, roles });
  const { token } = await issueApiToken(admin);
  return { admin, password, token, auth: { Authorization: `Bearer ${token}` } };
}

/**
 * Request headers of someone who gave their password this moment (a bearer token just made), for
 * calling what asks for it again after 10 minutes (a donor-data export) as a fresh sign-in would.
 */
export async function passwordJustGiven(): Promise<Record<string, string>> {
  return (await createTestAdmin()).auth;
}
