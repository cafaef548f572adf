export {
  CASE_ROLES,
  documentRequestsOf,
  documentsOf,
  eraseDocumentsOf,
  openDocumentRequests,
  queueDocumentsRequestedMail,
  serveApplicationDocument,
  storeApplicationDocument,
  TAKES_DOCUMENTS,
  type CaseDocument,
  type DocumentRequest,
  type DocumentViewer,
  type StoredDocument,
} from "./server/documents.server";
export { resealDocumentFile } from "./server/document-files.server";
export { runDocumentDeadlines, startApplicationDocumentDeadlines } from "./server/document-reminders.server";
export * from "./rules/document-rules";
