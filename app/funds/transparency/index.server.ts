export {
  getTransparencyReport,
  readReportRequest,
  receivedSince,
  receivedToDate,
  type ReportRequest,
  type TransparencyReport,
} from "./server/transparency.server";
