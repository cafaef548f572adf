export {
  billingPortalFor,
  cancelMyRecurringGift,
  changeMyRecurringGift,
  givingOf,
  givingStatement,
  pauseMyRecurringGift,
  redeemGivingLink,
  requestGivingLink,
  resumeMyRecurringGift,
} from "./my-giving.server";
export {
  askForZakatReminder,
  confirmZakatReminder,
  deleteMyKeptFigures,
  deleteMyZakatReminder,
  keptFiguresOfLink,
  stopZakatReminder,
  type ZakatReminderView,
  zakatReminderOfConfirmLink,
  zakatReminderOfStopLink,
  zakatRemindersOf,
} from "./zakat-reminders.server";
export { sendDueZakatReminders, startZakatReminders } from "./zakat-reminder-sending.server";
