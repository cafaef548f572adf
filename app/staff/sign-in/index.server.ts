export { readerOf, requireAdminApi, requireAdminPage, staffOnly } from "./server/auth.server";
