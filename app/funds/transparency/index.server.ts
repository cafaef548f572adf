export { receivedSince, receivedToDate } from "./server/transparency.server";
