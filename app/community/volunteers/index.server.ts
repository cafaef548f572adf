export { countVolunteers } from "./server/volunteers.server";
