export { loadHomepage } from "./server/homepage.server";
