export { countRequestsWaitingFor } from "./server/approvals.server";
// A Zakat grant's payment (applications/grants) is written as a disbursement already approved by the grant's decision.
export { inLedgerTransaction, insertDisbursement } from "./server/ledger.server";
