export { receiptNumber, yearIn } from "./receipts";
export { MAXIMUM_ONLINE_DONATION, MINIMUM_DONATION } from "./gift-options";
export { tributeOf, tributeWords } from "./tribute";
export { proposedFirstNight } from "./ramadan-nights";
export { isPlausibleFirstNight, NIGHT_CUTOFF_HOUR, ramadanYearOn } from "./ramadan-charge-window";
export { AMOUNT_FIELDS, DEFAULT_ZAKAT_INPUTS, type ZakatAmountField, type ZakatInputs } from "./zakat";
export { zakatInputSchema } from "./zakat-schema";
export { REMINDER_DAYS_BEFORE, zakatDueAgainOn, zakatDueInHijriYear, zakatReminderOn } from "./zakat-reminder";
