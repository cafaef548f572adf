export { recordAudit } from "./server/audit-trail.server";
