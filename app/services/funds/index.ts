export { addFund, changeFund, fundBySlug, getFund, listDonateChoices, listFunds, fundForPurpose, openFundForPurpose, type Fund } from "./funds.server";
export {
  findLedgerPage,
  getLedgerEntry,
  ledgerForExport,
  listLedger,
  proofOf,
  readLedgerFilter,
  recordDisbursement,
  recordReversal,
  refuseLedgerChange,
  type LedgerEntry,
  type LedgerFilter,
} from "./ledger.server";
export { proofDownload, recordDisbursementWithProof } from "./proofs.server";
export {
  currentRates,
  listRates,
  obligationRatesOf,
  rateRegister,
  recordRate,
  type CurrentRates,
  type PublicRegisterEntry,
  type Rate,
  type RegisterEntry,
} from "./rates.server";
export { getTransparencyReport, readReportRequest, receivedSince, receivedToDate, type ReportRequest, type TransparencyReport } from "./transparency.server";
export { getZakatWatch, type ZakatWatch } from "./zakat-watch.server";
export { getZakatPolicy, isZakatPolicyPublished, saveZakatPolicy, setEidAlFitr, thisYearsEid, type EidAlFitr, type ZakatPolicy } from "./zakat-policy.server";
