export { calculatorValuesOf } from "./rules/zakat-reminders";
