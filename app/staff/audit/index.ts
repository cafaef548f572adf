export { auditHistoryHref } from "./rules/audit-filter";
