export { guardAdminArea } from "./server/access.server";
