export { countRequestsWaitingFor } from "./server/approvals.server";
