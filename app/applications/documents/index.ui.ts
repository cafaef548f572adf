export { CaseDocuments, type CaseDocumentsProps } from "./components/case-documents";
