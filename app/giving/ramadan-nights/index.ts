export { ramadanFirstNightRule, type RehearsalOption } from "./rules/first-night-rule";
export { NIGHT_CUTOFF_HOUR, tonightsEvening } from "./rules/ramadan-charge-window";
export { firstNightOf, RAMADAN_PLAN_LABELS, type RamadanPlan } from "./rules/ramadan-nights";
export { ramadanSettingsFormSchema } from "./rules/ramadan-settings-form";
export { tonightWords } from "./rules/ramadan-words";
