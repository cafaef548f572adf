export { REMINDER_DAYS_BEFORE, zakatDueAgainOn, zakatDueInHijriYear, zakatReminderOn } from "./rules/zakat-reminder";
export { calculatorValuesOf } from "./rules/zakat-reminders";
