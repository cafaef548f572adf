/**
 * Errors the services throw on purpose. Routes turn them into a field error on a form
 * or a JSON `{detail}` answer with the right status; anything else is a real 500.
 */
export type FieldErrors = Record<string, string[]>;

export class ValidationError extends Error {
  readonly status = 422;
  constructor(readonly fieldErrors: FieldErrors) {
    super(firstMessage(fieldErrors));
    this.name = "ValidationError";
  }
}

export class NotFoundError extends Error {
  readonly status = 404;
  constructor(message = "Not found") {
    super(message);
    this.name = "NotFoundError";
  }
}

/** The person is signed in and may use the route, but not on this record (their own request, say). */
export class ForbiddenError extends Error {
  readonly status = 403;
  constructor(message: string) {
    super(message);
    this.name = "ForbiddenError";
  }
}

export class ConflictError extends Error {
  readonly status = 409;
  constructor(message: string) {
    super(message);
    this.name = "ConflictError";
  }
}

export class TooManyRequestsError extends Error {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "TooManyRequestsError";
  }
}

function firstMessage(fieldErrors: FieldErrors): string {
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (messages[0]) return field ? `${field}: ${messages[0]}` : messages[0];
  }
  return "Invalid input";
}

/** Groups zod issues by their first path segment, the shape forms and the API both use. */
export function fieldErrorsFromIssues(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldName(issue.path);
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** A field's name as the forms write it: `tribute.name`, `items[0]`. */
function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    "",
  );
}

/** Validates input with a schema, throwing a ValidationError the routes know how to show. */
export function parseOrThrow<T>(
  schema: {
    safeParse(
      input: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsFromIssues(result.error.issues));
  return result.data;
}

/**
 * The card payment provider could not do what was asked (unreachable, refused the call).
 * Donors see a plain message and keep what they typed; the API answers 502.
 */
export class PaymentProviderError extends Error {
  readonly status = 502;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

/**
 * Logs a failure a screen reports in its own words: the provider's errors with their
 * cause, anything unexpected in full; not the refusals of a person's own input.
 */
export function logFailure(what: string, error: unknown): void {
  if (error instanceof NotFoundError || error instanceof ConflictError || error instanceof ValidationError) return;
  if (error instanceof PaymentProviderError) console.error(`${what}: ${error.message}:`, error.cause ?? error);
  else console.error(`${what}:`, error);
}
