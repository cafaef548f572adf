export { DOCUMENT_ACCEPT, formatDueDate, MAX_DOCUMENT_BYTES } from "./rules/document-rules";
