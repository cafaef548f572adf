import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ZAKAT_CATEGORIES } from "~/funds/funds";
import { formatExactDollars } from "~/shared/money";
import { readNumber } from "~/shared/amount-input";
import { FieldError } from "~/ui/field-error";
import { CheckboxField } from "~/ui/checkbox-field";
import { FormAlert } from "~/ui/form-alert";
import { InputField, SelectField, TextareaField } from "~/ui/form-fields";
import {
  assessmentFormSchema,
  assignSchema,
  CAP_TICK_LABEL,
  documentRequestSchema,
  extendRequestSchema,
  MAX_DOCUMENTS_PER_REQUEST,
  MAX_MONTHS,
  MESSAGE_KINDS,
  messageSchema,
  RECOMMENDATION_PLANS,
  type AssessmentFormInput,
  type DocumentRequestInput,
  type ExtendRequestInput,
} from "../rules/case-forms";

export type Result = SubmissionResult<string[]> | undefined;

function SubmitButton({ intent, label, busyLabel }: { intent: string; label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} className="btn-primary" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** Assign the case to a case worker (a submitted case goes under assessment). */
export function AssignForm({
  staff,
  assignedId,
  meId,
  lastResult,
}: {
  staff: { id: number; name: string }[];
  assignedId: number | null;
  meId: number;
  lastResult: Result;
}) {
  const [form, fields] = useForm<{ caseworker: string }>({
    id: "assign-form",
    lastResult,
    defaultValue: { caseworker: String(assignedId ?? (staff.some((person) => person.id === meId) ? meId : "")) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assignSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3" preventScrollReset>
      <SelectField
        field={fields.caseworker}
        label="Case worker"
        options={[
          { value: "", label: "Choose a person" },
          ...staff.map((person) => ({
            value: String(person.id),
            label: person.id === meId ? `${person.name} (me)` : person.name,
          })),
        ]}
      />
      <SubmitButton intent="assign" label={assignedId === null ? "Assign" : "Reassign"} busyLabel="Assigning..." />
      <div className="w-full">
        <FormAlert errors={form.errors} />
      </div>
    </Form>
  );
}

/** A note for staff or a message to the family (mailed to them, shown on their page). */
export function MessageForm({ lastResult }: { lastResult: Result }) {
  const [form, fields] = useForm({
    id: "message-form",
    lastResult,
    defaultValue: { kind: "note" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" preventScrollReset>
      <SelectField
        field={fields.kind}
        label="Kind"
        className="max-w-xs"
        options={MESSAGE_KINDS.map((kind) => ({ value: kind.key, label: kind.label }))}
      />
      <TextareaField
        field={fields.body}
        label="Text"
        rows={3}
        required
        maxLength={5000}
        hint="A note stays with staff. A message is mailed to the family and shown on their page."
      />
      <FormAlert errors={form.errors} />
      <SubmitButton intent="message" label="Add" busyLabel="Adding..." />
    </Form>
  );
}

/** Ask the family for documents: what and why, one row each, due by a day (the setting's days from today). */
export function DocumentRequestForm({
  defaultDue,
  cancelTo,
  lastResult,
}: {
  defaultDue: string;
  cancelTo: string;
  lastResult: Result;
}) {
  const rows = Array.from({ length: 3 }, () => ({ what: "", why: "" }));
  const [form, fields] = useForm<{ documents: { what: string; why: string }[]; due: string }, DocumentRequestInput>({
    id: "documents-form",
    lastResult,
    defaultValue: { documents: rows, due: defaultDue },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const list = fields.documents.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <p className="text-sm text-slate-600">
        Fill one row for each document (up to {MAX_DOCUMENTS_PER_REQUEST} at a time); leave the rest empty. The family
        is mailed what is needed and by when, and uploads it from their own page.
      </p>
      {list.map((row, index) => {
        const document = row.getFieldset();
        return (
          <fieldset key={row.key} className="grid gap-3 rounded-lg border border-slate-200 p-3 md:grid-cols-2">
            <legend className="px-1 text-sm font-medium text-slate-700">Document {index + 1}</legend>
            <InputField field={document.what} label="What is needed" type="text" maxLength={200} />
            <InputField field={document.why} label="Why it is needed" type="text" maxLength={500} />
          </fieldset>
        );
      })}
      <FieldError id={fields.documents.errorId} errors={fields.documents.errors} />
      <InputField field={fields.due} label="Due by" type="date" className="max-w-xs" />
      <FormAlert errors={form.errors} />
      <div className="flex gap-3">
        <SubmitButton intent="request-documents" label="Request and mail the family" busyLabel="Requesting..." />
        <Link to={cancelTo} preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/**
 * Moves one request's due date (the family is told, and reminded again before it). Beside each
 * request still waiting; a plain post that keeps the typed date when refused.
 */
export function ExtendRequestForm({
  requestId,
  what,
  due,
  lastResult,
}: {
  requestId: number;
  what: string;
  due: string;
  lastResult: Result;
}) {
  const [form, fields] = useForm<{ request_id: string; due: string }, ExtendRequestInput>({
    id: `extend-request-${requestId}`,
    lastResult,
    defaultValue: { request_id: String(requestId), due },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: extendRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-end gap-3" preventScrollReset>
      <input type="hidden" name={fields.request_id.name} value={String(requestId)} />
      <InputField field={fields.due} label={`New due date for ${what}`} type="date" className="max-w-xs" />
      <FormAlert errors={form.errors} />
      <button type="submit" name="intent" value="extend-request" className="btn-secondary">
        Move the due date
      </button>
    </Form>
  );
}

/**
 * The assessment: the category and why, the shortfall as computed, the recommended help.
 * `room` is what may still be recommended before the household's twelve-month cap is passed;
 * with JavaScript the total is checked against it as it is typed; without it, the server refuses
 * a first submit that passes it and the form comes back with the same warning. Either way the
 * case worker ticks "I have seen that this passes the household's cap" to recommend it: a
 * warning seen, not a refusal (the approver sees it too).
 */
export function AssessmentForm({
  shortfall,
  room,
  lastResult,
}: {
  shortfall: number;
  room: number;
  lastResult: Result;
}) {
  const [form, fields] = useForm<Record<keyof AssessmentFormInput, string>, AssessmentFormInput>({
    id: "assessment-form",
    lastResult,
    defaultValue: { plan: "once", months: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assessmentFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [typed, setTyped] = useState<{ plan?: string; amount?: string; months?: string }>({});
  const plan = typed.plan ?? String(fields.plan.initialValue ?? "once");
  const amount = readNumber(typed.amount ?? fields.amount.initialValue) ?? 0;
  const months = plan === "monthly" ? Number(typed.months ?? fields.months.initialValue ?? 0) || 0 : 1;
  const total = amount * months;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4"
      preventScrollReset
      onChange={(event) => {
        const target: EventTarget = event.target;
        if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
        if (["plan", "amount", "months"].includes(target.name))
          setTyped((was) => ({ ...was, [target.name]: target.value }));
      }}
    >
      <SelectField
        field={fields.category}
        label="Category"
        options={[
          { value: "", label: "Choose one of the eight" },
          ...ZAKAT_CATEGORIES.map((category) => ({
            value: category.key,
            label: `${category.english} (${category.arabic})`,
          })),
        ]}
      />
      <TextareaField field={fields.reason} label="Why this category" rows={3} required maxLength={2000} />
      <p className="text-sm text-slate-700">
        Monthly shortfall, computed from the family&apos;s income and essential costs:{" "}
        <strong>{formatExactDollars(shortfall)}</strong> (kept with the assessment).
      </p>
      <div className="flex flex-wrap items-start gap-4">
        <SelectField
          field={fields.plan}
          label="Recommended help"
          options={RECOMMENDATION_PLANS.map((option) => ({ value: option.key, label: option.label }))}
        />
        <InputField
          field={fields.amount}
          label="Amount (each payment), $"
          type="text"
          inputMode="decimal"
          className="w-44"
        />
        <InputField
          field={fields.months}
          label={`Months (monthly, 1 to ${MAX_MONTHS})`}
          type="number"
          min={1}
          max={MAX_MONTHS}
          className="w-52"
        />
      </div>
      {total > room ? (
        <div className="space-y-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p role="status" data-testid="cap-live-warning">
            {formatExactDollars(total)} in all passes what the household may still receive under its twelve-month cap (
            {formatExactDollars(room)}).
          </p>
          <CheckboxField field={fields.acknowledge_cap} label={CAP_TICK_LABEL} />
          <FieldError id={fields.acknowledge_cap.errorId} errors={fields.acknowledge_cap.errors} />
        </div>
      ) : null}
      <FormAlert errors={form.errors} />
      <SubmitButton intent="assess" label="Recommend" busyLabel="Recommending..." />
    </Form>
  );
}
