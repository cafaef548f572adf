export { AdminErrorPage, refusedPerson } from "./components/admin-error-page";
