export {
  documentRequestsOf,
  documentsOf,
  extendDocumentRequest,
  openDocumentRequests,
  serveApplicationDocument,
  storeApplicationDocument,
  TAKES_DOCUMENTS,
  type CaseDocument,
  type DocumentRequest,
} from "./server/documents.server";
export { deleteSealedDocument, documentFilePath, resealDocumentFile } from "./server/document-files.server";
export { runDocumentDeadlines, startApplicationDocumentDeadlines } from "./server/document-reminders.server";
