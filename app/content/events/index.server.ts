export { foundationToday, listEvents } from "./server/events.server";
