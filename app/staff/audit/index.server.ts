export { recordAudit, type AuditEvent } from "./server/audit-trail.server";
