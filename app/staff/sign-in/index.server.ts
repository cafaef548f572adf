export { readerOf, requireAdminPage, staffOnly } from "./server/auth.server";
