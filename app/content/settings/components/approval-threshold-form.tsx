import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { approvalThresholdSchema } from "../rules/settings";

/**
 * Approvals (decision 152): the amount from which a disbursement or a reversal waits for a
 * second person holding finance or owner. A plain POST (intent=approvals), saved through the
 * setting's own rule, as PUT /api/settings/disbursement_approval_threshold is.
 */
export function ApprovalThresholdForm({
  threshold,
  lastResult,
}: {
  threshold: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "approvals";
  const [form, fields] = useForm({
    id: "approvals",
    lastResult,
    defaultValue: { threshold },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approvalThresholdSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="approvals-title" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="approvals-title" className="text-lg font-semibold text-slate-900">
        Approvals
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A disbursement or reversal of this amount or more is recorded as a request and moves no money until a different
        person holding finance or owner approves it. 0 means every disbursement needs a second person.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <div>
          <label htmlFor={fields.threshold.id} className="field-label">
            Second person needed from (US dollars)
          </label>
          <input
            {...getInputProps(fields.threshold, { type: "text" })}
            key={fields.threshold.key}
            inputMode="decimal"
            required
            className="field-input max-w-xs"
          />
          {fields.threshold.errors ? (
            <p id={fields.threshold.errorId} className="field-error">
              {fields.threshold.errors[0]}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value="approvals" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save approvals"}
        </button>
      </Form>
    </section>
  );
}
