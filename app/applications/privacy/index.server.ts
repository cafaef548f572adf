export { dataKeyProblem } from "./server/data-key-check.server";
export { resealPersonalData, rotateDataKey } from "./server/key-rotation.server";
export { runRotateDataKeyCli } from "./server/rotate-data-key-cli.server";
export { eraseExpiredPersonalData, startApplicationRetention } from "./server/retention.server";
export {
  APPLICATIONS_CLOSED,
  applicationsOpen,
  refuseWhileApplicationsClosed,
} from "./server/applications-open.server";
