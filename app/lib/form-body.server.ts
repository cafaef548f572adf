import { data } from "react-router";
import { loggedAddress } from "./logged-address.server";

/**
 * The one guard every page and admin action reads its posted form through. A browser
 * sends a web form (URL-encoded, or multipart when it carries a file); anything else
 * (JSON, plain text, no content type) is refused with 415, and a form that cannot be
 * read to its end (a broken or missing multipart boundary, a body cut short) with 400.
 * A refusal is the visitor's mistake, not ours: it is logged as one warning line, and
 * React Router shows it on the site's error page, or sends it as `{detail}` to a `.data`
 * caller, never as a 500.
 */
export const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
export type FormMediaType = (typeof FORM_MEDIA_TYPES)[number];

/** What a refused form answers, for the error page and a `.data` caller alike. */
export interface FormRefusalBody {
  detail: string;
}

const STATUS_TEXTS = { 400: "Bad Request", 415: "Unsupported Media Type" } as const;

const UNREADABLE_FORM = "This form did not arrive whole, so it could not be read. Please go back and send it again.";

/** A form's body could not be parsed to its end; `readFormBody`'s callers answer it with 400. */
export class UnreadableFormError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UnreadableFormError";
  }
}

/** The posted form's fields (and files), or a thrown 415/400 answer. */
export async function readFormBody(request: Request): Promise<FormData> {
  formMediaType(request);
  assertUnread(request);
  try {
    return await request.formData();
  } catch (error) {
    return refuseUnreadableForm(request, error);
  }
}

/** The posted form's media type; any other content type is refused with 415. */
export function formMediaType(request: Request): FormMediaType {
  const header = request.headers.get("Content-Type");
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  const accepted = FORM_MEDIA_TYPES.find((formType) => formType === type);
  if (accepted) return accepted;
  const sent = type ? `it was sent as ${type.slice(0, 100)}` : "it was sent without a content type";
  return refuseForm(
    request,
    415,
    `This form must be sent as a web form (${FORM_MEDIA_TYPES.join(" or ")}), but ${sent}.`,
  );
}

/** For readers that parse the body themselves (uploads): a form cut short or garbled is a 400. */
export function refuseUnreadableForm(request: Request, error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  return refuseForm(request, 400, UNREADABLE_FORM, reason);
}

/**
 * Answers a post the page cannot act on with `{detail}` and a 4xx status, logged once as
 * a client error (React Router logs no thrown `data()` itself).
 */
export function refuseForm(
  request: Request,
  status: keyof typeof STATUS_TEXTS,
  detail: string,
  reason?: string,
): never {
  const { pathname } = new URL(request.url);
  console.warn(
    `Refused a form post to ${loggedAddress(pathname)} (${status}): ${reason ? `${detail} [${reason}]` : detail}`,
  );
  throw data<FormRefusalBody>({ detail }, { status, statusText: STATUS_TEXTS[status] });
}

/** A body read twice is our bug, not the visitor's: it must stay a 500. */
function assertUnread(request: Request): void {
  if (request.bodyUsed) throw new Error("The request body was already read");
}
