export { AuditHistory } from "./components/audit-history-link";
