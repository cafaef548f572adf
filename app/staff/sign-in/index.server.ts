export { adminFromSession, readerOf, requireAdminApi, requireAdminPage, staffOnly } from "./server/auth.server";
