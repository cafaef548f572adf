export { startZakatReminders } from "./server/zakat-reminder-sending.server";
export {
  askForZakatReminder,
  deleteMyKeptFigures,
  deleteMyZakatReminder,
  keptFiguresOfLink,
  zakatRemindersOf,
} from "./server/zakat-reminders.server";
