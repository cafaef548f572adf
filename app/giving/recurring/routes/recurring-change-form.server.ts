import { data, redirect } from "react-router";
import { formRefusalOrThrow } from "~/ui/form-replies.server";
import { requireRecordId } from "~/lib/record-ids.server";

/**
 * The forms that change, pause or resume a recurring gift (My giving and Subscriptions
 * alike): the posted `intent` and `id`, the service that does it, and one way of answering.
 * Done: back to the page with word of it (a reload does not post again). Refused: the
 * reason beside its field with what was typed kept, or above the forms when it is about the
 * gift itself (ended, not paused, not this donor's).
 */
export const RECURRING_CHANGE_INTENTS = ["change", "pause", "resume"] as const;
export type RecurringChangeIntent = (typeof RECURRING_CHANGE_INTENTS)[number];

export function isRecurringChangeIntent(intent: unknown): intent is RecurringChangeIntent {
  return (RECURRING_CHANGE_INTENTS as readonly unknown[]).includes(intent);
}

/** What a refused change answers: the form it came from, its reason and what was typed. */
export interface RecurringChangeRefusal {
  intent: RecurringChangeIntent;
  id: string;
  error: string;
  /** The field the reason belongs beside ("amount", "charges"); absent for the gift as a whole. */
  field?: "amount" | "charges";
  values: { amount?: string; charges?: string };
}

/** The service behind each intent, for the gift `id` and what was typed. */
export type RecurringChangeActions = (
  intent: RecurringChangeIntent,
  id: number,
  input: { amount?: string; charges?: string },
) => Promise<unknown>;

export async function answerRecurringChange(
  intent: RecurringChangeIntent,
  form: Record<string, string>,
  act: RecurringChangeActions,
  { doneTo, notFound }: { doneTo: (intent: RecurringChangeIntent, id: number) => string; notFound?: string },
) {
  const values =
    intent === "change" ? { amount: form.amount ?? "" } : intent === "pause" ? { charges: form.charges ?? "" } : {};
  try {
    const id = requireRecordId(form.id);
    await act(intent, id, values);
    return redirect(doneTo(intent, id), 303);
  } catch (error) {
    const { status, fieldErrors, message, headers } = formRefusalOrThrow(error, {
      what: "A recurring gift's change failed at the provider",
      message: "We couldn't reach our card payment provider, so nothing was changed. Please try again in a moment.",
    });
    const field = fieldErrors
      ? (Object.keys(fieldErrors).find(
          (name) => name === "amount" || name === "charges",
        ) as RecurringChangeRefusal["field"])
      : undefined;
    const words = field ? fieldErrors![field]![0]! : status === 404 && notFound ? notFound : message;
    return data<RecurringChangeRefusal>(
      { intent, id: form.id ?? "", error: words, ...(field ? { field } : {}), values },
      { status, headers },
    );
  }
}
