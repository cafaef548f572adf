export { notifyStaff } from "./server/staff-notes.server";
