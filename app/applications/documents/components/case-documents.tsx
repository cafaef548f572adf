import { formatDate } from "~/shared/dates";
import { formatDueDate } from "../rules/document-rules";

/** What the case page's documents panel shows (the server's `documentRequestsOf` and `documentsOf`). */
export interface CaseDocumentsProps {
  caseRef: string;
  requests: {
    id: number;
    what: string;
    why: string;
    due_on: string;
    reminded_at: string | null;
    fulfilled_at: string | null;
  }[];
  documents: { id: number; request_id: number | null; name: string; size_bytes: number; uploaded_at: string }[];
  timeZone: string;
}

function sizeInWords(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Staff's view of a case's documents: each request (what, why, by when, reminded, received)
 * with the files sent against it, each a download that is audited.
 */
export function CaseDocuments({ caseRef, requests, documents, timeZone }: CaseDocumentsProps) {
  const filesOf = (requestId: number | null) => documents.filter((document) => document.request_id === requestId);
  const list = (files: CaseDocumentsProps["documents"]) =>
    files.length ? (
      <ul className="mt-1 space-y-1 text-sm">
        {files.map((file) => (
          <li key={file.id}>
            <a
              href={`/admin/applications/${caseRef}/documents/${file.id}`}
              className="font-medium text-brand-700 underline"
            >
              {file.name}
            </a>{" "}
            <span className="text-slate-600">
              ({sizeInWords(file.size_bytes)}, {formatDate(file.uploaded_at, timeZone)})
            </span>
          </li>
        ))}
      </ul>
    ) : null;
  return (
    <section aria-labelledby="case-documents-title" className="space-y-3">
      <h2 id="case-documents-title" className="text-lg font-semibold text-slate-900">
        Documents
      </h2>
      {requests.length === 0 && documents.length === 0 ? (
        <p className="text-sm text-slate-600">No documents asked for or sent yet.</p>
      ) : null}
      <ul className="space-y-3">
        {requests.map((request) => (
          <li key={request.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium text-slate-900">{request.what}</p>
            {request.why ? <p className="text-sm text-slate-700">{request.why}</p> : null}
            <p className="text-sm text-slate-600">
              {request.fulfilled_at
                ? `Received ${formatDate(request.fulfilled_at, timeZone)}`
                : `Due ${formatDueDate(request.due_on)}${request.reminded_at ? " · reminded" : ""}`}
            </p>
            {list(filesOf(request.id))}
          </li>
        ))}
      </ul>
      {list(filesOf(null))}
    </section>
  );
}
