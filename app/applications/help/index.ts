export {
  checkEligibility,
  eligibilityQuerySchema,
  rowFor,
  type EligibilityAnswer,
  type EligibilityLikelihood,
} from "./rules/eligibility-check";
export { settingsAsJson } from "./rules/settings-form";
