export { newContactMessageMail } from "./staff-notifications";
