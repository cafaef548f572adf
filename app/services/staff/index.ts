export { type Admin, InvalidCredentialsError, signInAdmin } from "./admins.server";
export { issueApiToken, revokeApiToken } from "./api-tokens.server";
export { adminAuthenticator, adminFromSession, readerOf, requireAdminPage, staffOnly } from "./auth.server";
export { getDashboardStats, type DashboardStats } from "./dashboard.server";
export { runAdminPasswordCli } from "./admin-password-cli.server";
export { bootstrap, describeStartup, placeholderOrganisationSettings } from "./startup.server";
export { databaseAnswers } from "./health.server";
