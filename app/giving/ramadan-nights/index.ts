export {
  isPlausibleFirstNight,
  isRehearsableFirstNight,
  NIGHT_CUTOFF_HOUR,
  ramadanYearOn,
  tonightsEvening,
} from "./rules/ramadan-charge-window";
export { firstNightOf, proposedFirstNight, RAMADAN_PLAN_LABELS, type RamadanPlan } from "./rules/ramadan-nights";
export { ramadanSettingsFormSchema } from "./rules/ramadan-settings-form";
export { tonightWords } from "./rules/ramadan-words";
