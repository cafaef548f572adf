export { newContactMessageMail, newVolunteerMail } from "./rules/staff-notifications";
