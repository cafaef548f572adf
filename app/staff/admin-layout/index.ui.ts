export { AdminErrorPage, refusedPerson } from "./components/admin-error-page";
export { useAdminPerson } from "./components/use-admin-person";
