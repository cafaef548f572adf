import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { TooManyRequestsError, ValidationError } from "./service-errors";

/**
 * The action behind the public contact and volunteer forms. Rejected input comes back as
 * conform's reply (400) so the form shows the errors beside what was typed; success
 * resets the form; a refusal (too many posts) or a failure on our side keeps what was
 * typed and says `failure` in the spec's words, and the failure is logged.
 */
export interface PublicFormOutcome {
  result: SubmissionResult<string[]>;
  sent: boolean;
}

export async function publicFormAction<Input>(
  request: Request,
  options: { schema: z.ZodType<Input>; submit(value: Input): Promise<unknown>; failure: string; logAs: string },
) {
  const submission = parseWithZod(await request.formData(), { schema: options.schema });
  if (submission.status !== "success") return data<PublicFormOutcome>({ result: submission.reply(), sent: false }, { status: 400 });
  try {
    await options.submit(submission.value);
    return { result: submission.reply({ resetForm: true }), sent: true } satisfies PublicFormOutcome;
  } catch (error) {
    if (error instanceof ValidationError) {
      return data<PublicFormOutcome>({ result: submission.reply({ fieldErrors: error.fieldErrors }), sent: false }, { status: 400 });
    }
    if (error instanceof TooManyRequestsError) {
      return data<PublicFormOutcome>(
        { result: submission.reply({ formErrors: [options.failure, error.message] }), sent: false },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    console.error(`${options.logAs} failed:`, error);
    return data<PublicFormOutcome>({ result: submission.reply({ formErrors: [options.failure] }), sent: false }, { status: 500 });
  }
}
