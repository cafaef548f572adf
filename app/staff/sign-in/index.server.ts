export { adminFromSession, authorizeAdmin, requireAdminApi, requireAdminPage, staffOnly } from "./server/auth.server";
export { beginAdminSession, renewAfterFactorChange, renewSessionsOf, rotateSession } from "./server/sessions.server";
