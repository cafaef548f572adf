import { MAX_PROOF_BYTES } from "~/funds/ledger";
import { MAX_DOCUMENT_BYTES } from "~/applications/documents";

/**
 * How large a request body may be. Forms and JSON are small; refusing a huge body before
 * anything reads it keeps one anonymous request from exhausting the server's memory.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Room for a form's other fields beside its file. */
const FIELDS_ROOM_BYTES = 256 * 1024;

/**
 * The admin screens with upload forms take a video (50 MB) and a few fields; only they
 * may send more (signed-in staff only: the admin guard runs before a body is read).
 */
export const MAX_UPLOAD_BODY_BYTES = 50 * 1024 * 1024 + FIELDS_ROOM_BYTES;
const UPLOAD_SCREENS = /^\/admin\/(media|stories|events)(\.data)?\/?$/;

/** The ledger's disbursement form carries a proof document (a photo or a PDF) beside its fields. */
export const MAX_PROOF_BODY_BYTES = MAX_PROOF_BYTES + FIELDS_ROOM_BYTES;
const PROOF_SCREENS = /^\/admin\/funds\/ledger(\.data)?\/?$/;

/**
 * A family's page takes a document (a PDF or a photo) against a request; the page reads a file
 * only once the family's own session is found. The body may be twice the document's limit: a
 * file somewhat over 10 MB (a phone's photo of a page) reaches the page, whose upload reader
 * streams it past without keeping it and answers beside the file field ("larger than 10 MB"),
 * rather than this early refusal, which knows nothing of the form. Anything larger still is
 * refused here; with JavaScript the form says so before it is sent.
 */
export const MAX_DOCUMENT_BODY_BYTES = 2 * MAX_DOCUMENT_BYTES + FIELDS_ROOM_BYTES;
const DOCUMENT_PAGES = /^\/my-application(\.data)?\/?$/;

export function bodyLimitFor(pathname: string): number {
  if (UPLOAD_SCREENS.test(pathname)) return MAX_UPLOAD_BODY_BYTES;
  if (PROOF_SCREENS.test(pathname)) return MAX_PROOF_BODY_BYTES;
  if (DOCUMENT_PAGES.test(pathname)) return MAX_DOCUMENT_BODY_BYTES;
  return MAX_BODY_BYTES;
}

const METHODS_WITH_BODIES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface BodyProblem {
  status: 411 | 413;
  detail: string;
  /** The most the address takes, in bytes (a body too large). */
  limit?: number;
}

export function requestBodyProblem(
  method: string,
  pathname: string,
  contentLength: string | undefined,
  transferEncoding: string | undefined,
): BodyProblem | null {
  if (!METHODS_WITH_BODIES.has(method.toUpperCase())) return null;
  if (contentLength !== undefined) {
    const bytes = Number(contentLength);
    const limit = bodyLimitFor(pathname);
    if (Number.isFinite(bytes) && bytes > limit) {
      return { status: 413, detail: `Request body is larger than ${Math.round(limit / 1024)} KB`, limit };
    }
    return null;
  }
  // Browsers and API clients send a length; a streamed body of unknown size is refused.
  if (transferEncoding) return { status: 411, detail: "Content-Length is required" };
  return null;
}

/**
 * A browser that posted a page's form without JavaScript shows whatever comes back: it
 * gets a page in words, not JSON. API clients and the router's data requests (`.data`)
 * keep the JSON {detail}.
 */
export function answersWithPage(pathname: string, accept: string | undefined): boolean {
  return !pathname.startsWith("/api/") && !pathname.endsWith(".data") && (accept ?? "").includes("text/html");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page for a form too large to send. The Back button returns to the form with what
 * was typed (browsers keep it), which a fresh page would lose, so it comes first; the
 * form's address (this site's only, from Referer) is offered as well.
 */
export function bodyProblemPage(problem: BodyProblem, referer: string | undefined, host: string | undefined): string {
  const megabytes = Math.max(1, Math.floor((problem.limit ?? MAX_BODY_BYTES) / (1024 * 1024)));
  const from = URL.canParse(referer ?? "") ? new URL(referer!) : null;
  const again =
    from && host && from.host === host
      ? `<p><a href="${escapeHtml(from.pathname + from.search)}">Open the form again</a> (empty).</p>`
      : "";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large to send</title></head>
<body>
<main>
<h1>The form was too large to send</h1>
<p>What it carried (a file, most likely) comes to more than this form takes: ${megabytes} MB in all. Nothing was saved.</p>
<p>Go back with your browser&#39;s Back button: what you typed is usually still there. Choose a smaller file, or none, and send the form again.</p>
${again}
</main>
</body>
</html>
`;
}
