import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { FormAlert } from "~/ui/form-alert";
import { InputField, TextareaField } from "~/ui/form-fields";
import { reversalSchema, type ReversalInput } from "~/funds/funds";
import { formatExactDollars } from "~/shared/money";

/** The entry to reverse, as the confirmation summarises it. */
export interface EntryToReverse {
  id: number;
  fund_name: string;
  amount: number;
  disbursed_on: string;
  disbursed_on_hijri: string;
  category_label: string;
  programme: string;
  region: string;
  description: string;
}

/**
 * "Reverse entry #12?": opened by an address (?reverse=12), so it works without
 * JavaScript. A reversal puts the same amount back into the same fund and names the
 * entry; the entry itself is never changed.
 */
export function ReversalForm({
  entry,
  today,
  cancelTo,
  lastResult,
}: {
  entry: EntryToReverse;
  today: string;
  cancelTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Record<keyof ReversalInput, string>, ReversalInput>({
    id: `reversal-${entry.id}`,
    lastResult,
    defaultValue: { reverses_id: String(entry.id), disbursed_on: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reversalSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const amount = formatExactDollars(entry.amount);
  const purpose = [entry.programme, entry.region].filter(Boolean).join(", ");

  return (
    <ConfirmPanel
      question={`Reverse entry #${entry.id}?`}
      intent="reverse"
      confirmLabel="Record the reversal"
      busyLabel="Recording..."
      cancelTo={cancelTo}
      cancelLabel="Keep the entry as it is"
      formProps={getFormProps(form)}
      details={
        <>
          {/* Tracks of at least nothing, not their longest word: a long link in the description wraps on a phone. */}
          <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-[max-content_minmax(0,1fr)]">
            <dt className="font-medium text-slate-900">Disbursed</dt>
            <dd>
              {amount} from {entry.fund_name} on {entry.disbursed_on} ({entry.disbursed_on_hijri})
            </dd>
            {entry.category_label ? (
              <>
                <dt className="font-medium text-slate-900">To</dt>
                <dd>{entry.category_label}</dd>
              </>
            ) : null}
            {purpose ? (
              <>
                <dt className="font-medium text-slate-900">For</dt>
                <dd>{purpose}</dd>
              </>
            ) : null}
            <dt className="font-medium text-slate-900">Description</dt>
            <dd>{entry.description}</dd>
          </dl>
          <p className="mt-3 text-sm">
            A reversal puts {amount} back into {entry.fund_name} and names entry #{entry.id}. Both stay in the ledger
            for good.
          </p>
        </>
      }
    >
      <input type="hidden" name={fields.reverses_id.name} value={entry.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextareaField
          field={fields.description}
          label="Reason"
          rows={2}
          required
          maxLength={2000}
          className="sm:col-span-2"
          hint="Why the entry was a mistake, e.g. “Recorded twice”."
        />
        <InputField
          field={fields.disbursed_on}
          label="Date of the reversal"
          type="date"
          required
          min={entry.disbursed_on}
          max={today}
        />
      </div>
      <FormAlert errors={[...(form.errors ?? []), ...(fields.reverses_id.errors ?? [])]} />
    </ConfirmPanel>
  );
}
