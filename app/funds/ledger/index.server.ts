export {
  findLedgerPage,
  getLedgerEntry,
  type LedgerEntry,
  type LedgerFilter,
  ledgerForExport,
  listLedger,
  proofOf,
  readLedgerFilter,
  recordDisbursement,
  recordReversal,
  refuseLedgerChange,
} from "./server/ledger.server";
export { proofDownload, recordDisbursementWithProof } from "./server/proofs.server";
