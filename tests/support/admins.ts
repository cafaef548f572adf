import { createAdmin } from "~/staff/accounts/server/admins.server";
import { issueApiToken } from "~/staff/sign-in/server/api-tokens.server";

let counter = 0;

/** A fresh admin with a known password and a live bearer token. */
export async function createTestAdmin(password = "a-strong-password") {
  counter += 1;
  const admin = await createAdmin(`staff${counter}-${Date.now()}`, password);
  const { token } = await issueApiToken(admin);
  return { admin, password, token, auth: { Authorization: `Bearer ${token}` } };
}
