export { adminFromSession, authorizeAdmin, requireAdminApi, requireAdminPage, staffOnly } from "./server/auth.server";
export { beginSignedInSession, renewSessionsOf, rotateSession } from "./server/sessions.server";
