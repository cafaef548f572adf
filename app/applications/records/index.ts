export {
  dollarsField,
  applicantStep,
  householdStep,
  INCOME_SOURCES,
  ESSENTIAL_COSTS,
  moneyStep,
  PURPOSES,
  APPLICATION_STEPS,
  type ApplicationStepKey,
  applicationSchema,
  type ApplicationInput,
  type ApplicantRecord,
} from "./rules/application-form";
export {
  APPLICATION_SETTING_KEYS,
  type EligibilityRow,
  type EligibilityTable,
  type ApplicationSettings,
  DEFAULT_HELP_TEXT,
  DEFAULT_ELIGIBILITY,
  DEFAULT_APPLICATION_SETTINGS,
} from "./rules/application-settings";
export { normaliseEmail } from "./rules/normalise";
export { APPLICANT_PAGE_PATH, referenceFrom, readReference } from "./rules/references";
export { monthlyIncomeCents, monthlyCostsCents, monthlyShortfallCents } from "./rules/shortfall";
export {
  APPLICATION_STATES,
  isApplicationState,
  OPEN_STATES,
  FINISHED_STATES,
  STATE_LABELS,
  STATE_FOR_APPLICANT,
  type CaseAction,
  isCaseAction,
  actionAllowed,
  notAllowedMessage,
  WITHDRAWABLE,
  type ApplicationState,
} from "./rules/states";
