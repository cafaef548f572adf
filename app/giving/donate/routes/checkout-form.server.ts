import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { serviceErrorReply } from "~/ui/form-replies.server";

/** What a donor reads when the card payment provider cannot be reached from a donate form. */
export const PROVIDER_UNAVAILABLE =
  "We couldn't reach our secure payment provider, so nothing was charged. Please try again in a moment.";

/**
 * The one answer of every donate form (the donate page, quick pay, an appeal's page)
 * posted without JavaScript: refused fields go back beside them (400; a preset button's
 * "update" only fills in the amount, 200), a gift the service refuses says why, an outage
 * says nothing was charged (502, logged as `what`), and a started checkout is a 303 to
 * the provider's page. `start` is the route's own service call, so this stays infrastructure.
 */
export async function checkoutFormReply<Schema extends $ZodType>(
  formData: FormData,
  schema: Schema,
  start: (gift: output<Schema>) => Promise<{ url: string }>,
  what: string,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  try {
    const checkout = await start(submission.value);
    return redirect(checkout.url, 303);
  } catch (error) {
    return serviceErrorReply(submission, error, undefined, { outage: { what, message: PROVIDER_UNAVAILABLE } });
  }
}
