import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { SCRIPTED_POST } from "~/shared/public-forms";
import { readFormBody } from "../lib/form-body.server";
import { formRefusalOf, serviceErrorReply } from "./form-replies.server";

/**
 * The action behind the public contact and volunteer forms. Rejected input comes back as
 * conform's reply (400) so the form shows the errors beside what was typed; success
 * resets the form; a refusal (too many posts) or a failure on our side keeps what was
 * typed and says `failure` in the page's own words, and the failure is logged.
 *
 * A post from a page without JavaScript (no SCRIPTED_POST field) is answered, on
 * success, with a redirect to `sentTo`, which shows the thanks, so reloading the page
 * cannot send it twice.
 */
export interface PublicFormOutcome {
  result: SubmissionResult<string[]>;
  sent: boolean;
}

export async function publicFormAction<Input>(
  request: Request,
  options: {
    schema: z.ZodType<Input>;
    submit(value: Input): Promise<unknown>;
    failure: string;
    logAs: string;
    sentTo: string;
  },
) {
  const formData = await readFormBody(request);
  const scripted = formData.has(SCRIPTED_POST);
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success")
    return data<PublicFormOutcome>({ result: submission.reply(), sent: false }, { status: 400 });
  try {
    await options.submit(submission.value);
    if (!scripted) return redirect(options.sentTo, 303);
    return { result: submission.reply({ resetForm: true }), sent: true } satisfies PublicFormOutcome;
  } catch (error) {
    // Refused input beside its fields; too many posts says why, in place of "try again".
    if (formRefusalOf(error)) return serviceErrorReply(submission, error, { sent: false });
    console.error(`${options.logAs} failed:`, error);
    return data<PublicFormOutcome>(
      { result: submission.reply({ formErrors: [options.failure] }), sent: false },
      { status: 500 },
    );
  }
}
