import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { refuseForm } from "../lib/form-body.server";
import {
  ConflictError,
  ForbiddenError,
  logFailure,
  NotFoundError,
  PaymentProviderError,
  TooManyRequestsError,
  ValidationError,
  type FieldErrors,
} from "../lib/service-errors";

/**
 * How a form answers the errors services throw on purpose, in one place: refused input
 * goes beside its fields (400), a row gone (404), a clash (409) or too many posts (429,
 * with Retry-After) above the form. A form that reaches the card payment provider says
 * what an outage means for it (`ProviderOutage`): 502 with its message, logged once here.
 * Anything else is not the visitor's doing and is thrown on, to the route's own handling
 * or a 500.
 */
export interface FormRefusal {
  status: 400 | 403 | 404 | 409 | 429 | 502;
  fieldErrors?: FieldErrors;
  formErrors?: string[];
  /** The one message, for forms that show a single line. */
  message: string;
  headers?: Record<string, string>;
}

/**
 * What a form that calls the card payment provider says when the provider fails it:
 * `message` for the visitor (what was and was not done), `what` for the log.
 * Without one, a provider failure is not a refusal and is thrown on.
 */
export interface ProviderOutage {
  what: string;
  message: string;
}

/** The form answer for a service error, or null when the error is not one of them. */
export function formRefusalOf(error: unknown, outage?: ProviderOutage): FormRefusal | null {
  if (error instanceof PaymentProviderError && outage) {
    logFailure(outage.what, error);
    return { status: 502, formErrors: [outage.message], message: outage.message };
  }
  if (error instanceof ValidationError) return { status: 400, fieldErrors: error.fieldErrors, message: error.message };
  if (error instanceof NotFoundError) return { status: 404, formErrors: [error.message], message: error.message };
  if (error instanceof ForbiddenError) return { status: 403, formErrors: [error.message], message: error.message };
  if (error instanceof ConflictError) return { status: 409, formErrors: [error.message], message: error.message };
  if (error instanceof TooManyRequestsError) {
    return {
      status: 429,
      formErrors: [error.message],
      message: error.message,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    };
  }
  return null;
}

/** Like formRefusalOf, but anything that is not a service error is thrown on. */
export function formRefusalOrThrow(error: unknown, outage?: ProviderOutage): FormRefusal {
  const refusal = formRefusalOf(error, outage);
  if (!refusal) throw error;
  return refusal;
}

/** What the conform forms need of a submission to answer with errors. */
interface RepliableSubmission {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
}

/**
 * A service error as the conform reply the form shows (`{...extra, result}` with the
 * error's status); anything that is not a service error is thrown on.
 */
export function serviceErrorReply<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: RepliableSubmission,
  error: unknown,
  extra?: Extra,
  options: { hideFields?: string[]; outage?: ProviderOutage } = {},
) {
  const { status, fieldErrors, formErrors, headers } = formRefusalOrThrow(error, options.outage);
  const result = submission.reply({
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(formErrors ? { formErrors } : {}),
    ...(options.hideFields ? { hideFields: options.hideFields } : {}),
  });
  return data({ ...(extra as Extra), result }, { status, headers });
}

/**
 * A failed staff action as the one-line notice its screen shows above the list
 * (`{...extra, ok: false, message}`): a service error with its own status and message, a
 * provider outage (502) with `failed`; anything unexpected is logged as `what` and
 * answered 500 with `failed`, so the screen stays usable.
 */
export function failureNotice<Extra extends Record<string, unknown> = Record<never, never>>(
  error: unknown,
  { what, failed }: { what: string; failed: string },
  extra?: Extra,
) {
  const refusal = formRefusalOf(error, { what, message: failed });
  if (!refusal) logFailure(what, error);
  return data(
    { ...(extra as Extra), ok: false as const, message: refusal?.message ?? failed },
    { status: refusal?.status ?? 500, headers: refusal?.headers },
  );
}

/**
 * The one answer to a form naming an action (`intent`) its page does not have: only a
 * crafted post does, so it is refused with 400 on the error page and nothing is done.
 */
export function refuseUnknownIntent(request: Request, intent: unknown): never {
  const named = typeof intent === "string" && intent !== "" ? JSON.stringify(intent.slice(0, 40)) : "none";
  return refuseForm(
    request,
    400,
    "This form asked for something this page cannot do. Please go back and try again.",
    `intent ${named}`,
  );
}
