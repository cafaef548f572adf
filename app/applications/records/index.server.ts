export {
  applicantOf,
  emailKey,
  insertApplication,
  matchKeysOf,
  openCaseValue,
  recordOf,
  sealCaseValue,
  sealedContext,
} from "./server/application-store.server";
export { applicationSettings } from "./server/application-settings.server";
