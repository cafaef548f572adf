export { CALCULATION_FIELDS, ZakatReminderForm, type ZakatReminderReply } from "./components/zakat-reminder-form";
export { ZakatRemindersSection } from "./components/zakat-reminders";
