export {
  type CharityEvent,
  createEvent,
  deleteEvent,
  eventsByTiming,
  findEventPage,
  foundationToday,
  getEvent,
  listEvents,
  updateEvent,
} from "./server/events.server";
