export { adminFromSession, authorizeAdmin, requireAdminApi, requireAdminPage, staffOnly } from "./server/auth.server";
export { renewSessionsOf, rotateSession } from "./server/sessions.server";
