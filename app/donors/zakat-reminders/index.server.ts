export { sendDueZakatReminders, startZakatReminders } from "./server/zakat-reminder-sending.server";
export {
  askForZakatReminder,
  confirmZakatReminder,
  deleteMyKeptFigures,
  deleteMyZakatReminder,
  keptFiguresOfLink,
  stopZakatReminder,
  zakatReminderOfConfirmLink,
  zakatReminderOfStopLink,
  zakatRemindersOf,
  type ZakatReminderView,
} from "./server/zakat-reminders.server";
