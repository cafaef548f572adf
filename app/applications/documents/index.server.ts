export {
  CASE_ROLES,
  documentRequestsOf,
  documentsOf,
  openDocumentRequests,
  serveApplicationDocument,
  storeApplicationDocument,
  TAKES_DOCUMENTS,
  type CaseDocument,
  type DocumentRequest,
  type DocumentViewer,
  type StoredDocument,
} from "./server/documents.server";
export { deleteSealedDocument, documentFilePath, resealDocumentFile } from "./server/document-files.server";
export { runDocumentDeadlines, startApplicationDocumentDeadlines } from "./server/document-reminders.server";
export * from "./rules/document-rules";
