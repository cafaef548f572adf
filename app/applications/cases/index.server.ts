export {
  assignableStaff,
  caseForApi,
  casesForApi,
  casesInBatches,
  findQueuePage,
  listCases,
  viewCase,
  warningsFor,
  type CaseJson,
  type CaseSummary,
  type CaseView,
} from "./server/cases.server";
export { addCaseMessage, assessCase, assignCase, requestDocuments, runCaseAction } from "./server/case-actions.server";
export { duplicatesOf, capCheck } from "./server/duplicates.server";
