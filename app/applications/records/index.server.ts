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
  sealCaseValue,
  sealedContext,
} from "./server/application-store.server";
export { applicationSettings } from "./server/application-settings.server";
