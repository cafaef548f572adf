export {
  applicantOf,
  CASE_FIELDS,
  draftContext,
  openDraftBody,
  sealDraftBody,
  emailKey,
  insertApplication,
  matchKeysOf,
  openCaseValue,
  recordOf,
  sealCaseValue,
  sealedContext,
} from "./server/application-store.server";
export { applicationSettings } from "./server/application-settings.server";
