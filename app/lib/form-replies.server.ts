import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { refuseForm } from "./form-body.server";
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError, type FieldErrors } from "./service-errors";

/**
 * How a form answers the errors services throw on purpose, in one place: refused input
 * goes beside its fields (400), a row gone (404), a clash (409) or too many posts (429,
 * with Retry-After) above the form. Anything else is not the visitor's doing and is
 * thrown on, to the route's own handling or a 500.
 */
export interface FormRefusal {
  status: 400 | 404 | 409 | 429;
  fieldErrors?: FieldErrors;
  formErrors?: string[];
  /** The one message, for forms that show a single line. */
  message: string;
  headers?: Record<string, string>;
}

/** The form answer for a service error, or null when the error is not one of them. */
export function formRefusalOf(error: unknown): FormRefusal | null {
  if (error instanceof ValidationError) return { status: 400, fieldErrors: error.fieldErrors, message: error.message };
  if (error instanceof NotFoundError) return { status: 404, formErrors: [error.message], message: error.message };
  if (error instanceof ConflictError) return { status: 409, formErrors: [error.message], message: error.message };
  if (error instanceof TooManyRequestsError) {
    return { status: 429, formErrors: [error.message], message: error.message, headers: { "Retry-After": String(error.retryAfterSeconds) } };
  }
  return null;
}

/** Like formRefusalOf, but anything that is not a service error is thrown on. */
export function formRefusalOrThrow(error: unknown): FormRefusal {
  const refusal = formRefusalOf(error);
  if (!refusal) throw error;
  return refusal;
}

/** What the conform forms need of a submission to answer with errors. */
interface RepliableSubmission {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

/**
 * A service error as the conform reply the form shows (`{...extra, result}` with the
 * error's status); anything that is not a service error is thrown on.
 */
export function serviceErrorReply<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: RepliableSubmission,
  error: unknown,
  extra?: Extra,
  options: { hideFields?: string[] } = {},
) {
  const { status, fieldErrors, formErrors, headers } = formRefusalOrThrow(error);
  const result = submission.reply({
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(formErrors ? { formErrors } : {}),
    ...(options.hideFields ? { hideFields: options.hideFields } : {}),
  });
  return data({ ...(extra as Extra), result }, { status, headers });
}

/**
 * The one answer to a form naming an action (`intent`) its page does not have: only a
 * crafted post does, so it is refused with 400 on the error page and nothing is done.
 */
export function refuseUnknownIntent(request: Request, intent: unknown): never {
  const named = typeof intent === "string" && intent !== "" ? JSON.stringify(intent.slice(0, 40)) : "none";
  return refuseForm(request, 400, "This form asked for something this page cannot do. Please go back and try again.", `intent ${named}`);
}
