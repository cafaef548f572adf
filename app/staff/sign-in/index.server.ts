export { issueApiToken, revokeApiToken } from "./server/api-tokens.server";
export { adminAuthenticator, adminFromSession, readerOf, requireAdminPage, staffOnly } from "./server/auth.server";
