/**
 * How large a request body may be. Forms and JSON are small; refusing a huge body before
 * anything reads it keeps one anonymous request from exhausting the server's memory.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

const METHODS_WITH_BODIES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface BodyProblem {
  status: 411 | 413;
  detail: string;
}

export function requestBodyProblem(
  method: string,
  _pathname: string,
  contentLength: string | undefined,
  transferEncoding: string | undefined,
): BodyProblem | null {
  if (!METHODS_WITH_BODIES.has(method.toUpperCase())) return null;
  if (contentLength !== undefined) {
    const bytes = Number(contentLength);
    if (Number.isFinite(bytes) && bytes > MAX_BODY_BYTES) {
      return { status: 413, detail: `Request body is larger than ${MAX_BODY_BYTES / 1024} KB` };
    }
    return null;
  }
  // Browsers and API clients send a length; a streamed body of unknown size is refused.
  if (transferEncoding) return { status: 411, detail: "Content-Length is required" };
  return null;
}
