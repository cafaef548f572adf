export { guardAdminArea } from "./server/access.server";
export { readerOf } from "./server/draft-readers.server";
