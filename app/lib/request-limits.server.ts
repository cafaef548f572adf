/**
 * How large a request body may be. Forms and JSON are small; refusing a huge body before
 * anything reads it keeps one anonymous request from exhausting the server's memory.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The admin screens with upload forms take a video (50 MB) and a few fields; only they
 * may send more (signed-in staff only: the admin guard runs before a body is read).
 */
export const MAX_UPLOAD_BODY_BYTES = 50 * 1024 * 1024 + 256 * 1024;
const UPLOAD_SCREENS = /^\/admin\/(media|stories|events)(\.data)?\/?$/;

export function bodyLimitFor(pathname: string): number {
  return UPLOAD_SCREENS.test(pathname) ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
}

const METHODS_WITH_BODIES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface BodyProblem {
  status: 411 | 413;
  detail: string;
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
      return { status: 413, detail: `Request body is larger than ${Math.round(limit / 1024)} KB` };
    }
    return null;
  }
  // Browsers and API clients send a length; a streamed body of unknown size is refused.
  if (transferEncoding) return { status: 411, detail: "Content-Length is required" };
  return null;
}
