import { Link } from "react-router";
import { formatDate, formatDateTime } from "~/shared/dates";
import { formatExactDollars } from "~/shared/money";
import { STATE_LABELS, type ApplicationState } from "~/applications/records";
import { ExtendRequestForm, type Result } from "./case-forms";

/**
 * The case's warnings, its document requests and documents, and its notes and messages, as
 * the case page lists them.
 */
const MATCH_WORDS: Record<string, string> = {
  email: "email",
  phone: "phone",
  name_dob: "name with date of birth",
};

export interface WarningsData {
  duplicates: {
    id: number;
    ref: string;
    state: ApplicationState;
    submitted_at: string;
    matched_on: string[];
    approved: number | null;
    paid: number;
  }[];
  cap: { cap: number; earlier: number; room: number; recommended_cents: number; passed: boolean };
}

/** Before recommending (and after, for the approver): other applications, earlier grants, the cap. */
export function CaseWarnings({ warnings, timeZone }: { warnings: WarningsData; timeZone: string }) {
  const { duplicates, cap } = warnings;
  const granted = duplicates.filter((found) => (found.approved ?? 0) > 0 || found.paid > 0);
  return (
    <div className="space-y-2" data-testid="case-warnings">
      {duplicates.length ? (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">
            The same person or household applied{" "}
            {duplicates.length === 1 ? "once more" : `${duplicates.length} more times`} within twelve months:
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {duplicates.map((found) => (
              <li key={found.id} data-testid={`duplicate-${found.ref}`}>
                <Link to={`/admin/applications/${found.ref}`} className="font-semibold underline">
                  {found.ref}
                </Link>{" "}
                ({STATE_LABELS[found.state].toLowerCase()}, {formatDate(found.submitted_at, timeZone)}), the same{" "}
                {found.matched_on.map((kind) => MATCH_WORDS[kind] ?? kind).join(", ")}
                {found.approved !== null ? `; granted ${formatExactDollars(found.approved)}` : ""}
                {found.paid > 0 ? `, paid ${formatExactDollars(found.paid)}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          No other application from this person or household within twelve months.
        </p>
      )}
      <p
        className={`rounded-lg px-4 py-3 text-sm ${cap.passed ? "border border-red-300 bg-red-50 text-red-900" : "bg-slate-50 text-slate-700"}`}
        data-testid="cap-warning"
      >
        {granted.length
          ? `Granted to this household within twelve months: ${formatExactDollars(cap.earlier)}. `
          : "No earlier grants to this household within twelve months. "}
        The household cap is {formatExactDollars(cap.cap)} in twelve months
        {cap.recommended_cents > 0
          ? cap.passed
            ? `: with this recommendation (${formatExactDollars(cap.recommended_cents / 100)}), it is passed.`
            : `; this recommendation (${formatExactDollars(cap.recommended_cents / 100)}) stays within it.`
          : `: up to ${formatExactDollars(cap.room)} may still be recommended within it.`}
      </p>
    </div>
  );
}

export interface DocumentRequestItem {
  id: number;
  what: string;
  why: string;
  due_on: string;
  requested_by: string;
  requested_at: string;
  fulfilled_at: string | null;
}

export interface DocumentItem {
  id: number;
  request_id: number | null;
  name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: string;
}

function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function DocumentLists({
  caseRef,
  requests,
  documents,
  timeZone,
  extend,
}: {
  caseRef: string;
  requests: DocumentRequestItem[];
  documents: DocumentItem[];
  timeZone: string;
  /** When the case takes documents and the viewer may move a request's date: the last refusal, by request. */
  extend?: { requestId: number | null; result: Result };
}) {
  return (
    <div className="space-y-4">
      {requests.length ? (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Documents requested">
          {requests.map((request) => (
            <li key={request.id} className="py-2" data-testid={`document-request-${request.id}`}>
              <span className="font-medium text-slate-900">{request.what}</span>
              <span className="text-slate-700">: {request.why}</span>
              <span className="block text-xs text-slate-500">
                Asked by {request.requested_by} on {formatDate(request.requested_at, timeZone)}, due{" "}
                {formatDate(request.due_on, "UTC")}
                {request.fulfilled_at
                  ? `; received ${formatDate(request.fulfilled_at, timeZone)}`
                  : "; not received yet"}
              </span>
              {extend && !request.fulfilled_at ? (
                <ExtendRequestForm
                  requestId={request.id}
                  what={request.what}
                  due={request.due_on}
                  lastResult={extend.requestId === request.id ? extend.result : undefined}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No documents requested.</p>
      )}
      {documents.length ? (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Documents received">
          {documents.map((document) => (
            <li key={document.id} className="py-2">
              <a
                href={`/admin/applications/${caseRef}/documents/${document.id}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                {document.name || `Document ${document.id}`}
              </a>{" "}
              <span className="text-xs text-slate-500">
                {sizeOf(document.size_bytes)}, uploaded {formatDateTime(document.uploaded_at, timeZone)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No documents uploaded yet.</p>
      )}
    </div>
  );
}

export function MessageList({
  messages,
  timeZone,
}: {
  messages: { id: number; kind: "note" | "message"; author: string; created_at: string; body: string }[];
  timeZone: string;
}) {
  if (!messages.length) return <p className="text-sm text-slate-600">No notes or messages yet.</p>;
  return (
    <ul className="space-y-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`rounded-lg px-4 py-3 text-sm ${message.kind === "note" ? "bg-slate-50" : "bg-brand-50"}`}
          data-testid={`case-message-${message.id}`}
        >
          <p className="text-xs font-semibold text-slate-600">
            {message.kind === "note" ? "Note" : "Message to the family"} · {message.author} ·{" "}
            {formatDateTime(message.created_at, timeZone)}
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-900">{message.body}</p>
        </li>
      ))}
    </ul>
  );
}
