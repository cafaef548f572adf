export { exportSummary, recordAudit } from "./server/audit-trail.server";
