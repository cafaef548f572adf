import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CheckboxField } from "~/ui/checkbox-field";
import { FieldError } from "~/ui/field-error";
import { InputField, SelectField } from "~/ui/form-fields";
import {
  offlineGiftSchema,
  type OfflineGift,
  DONATION_FREQUENCIES,
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from "~/giving/donate";

/** The form's fields as typed: every one text, the tribute a small group of its own. */
type OfflineGiftFields = Record<
  "name" | "email" | "amount" | "donated_at" | "payment_method" | "frequency" | "purpose" | "appeal" | "anonymous",
  string
> & {
  tribute: { kind: string; name: string; email: string };
};

export interface OfflineGiftFormProps {
  lastResult?: SubmissionResult<string[]>;
  today: string;
  purposes: { value: string; label: string }[];
  /** The appeals a gift can be designated to (live or closed, never drafts), by id. */
  appeals: { value: string; label: string }[];
}

/**
 * Staff record a gift handed to the foundation (cash, a cheque, a Ramadan collection),
 * optionally for an appeal, anonymously or in someone's name. A plain POST to the
 * Donations action; conform checks the fields as they are typed when JavaScript runs.
 */
export function OfflineGiftForm({ lastResult, today, purposes, appeals }: OfflineGiftFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "record";
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [form, fields] = useForm<OfflineGiftFields, OfflineGift>({
    id: "offline-gift",
    lastResult,
    defaultValue: { frequency: "One-Time", payment_method: "cash", purpose: "General Donation", donated_at: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: offlineGiftSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Opening the form moves focus to it, so keyboard users land where they are needed.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      aria-labelledby="offline-gift-title"
      className="rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm"
    >
      <h2 id="offline-gift-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Record an offline gift
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Cash, cheques, bank transfers and Ramadan collections handed to the foundation.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2" preventScrollReset>
        <input type="hidden" name="intent" value="record" />
        <InputField field={fields.name} label="Donor name" type="text" required />
        <InputField
          field={fields.email}
          label={
            <>
              Email <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          type="email"
        />
        <InputField field={fields.amount} label="Amount (USD)" type="text" inputMode="decimal" required />
        <InputField field={fields.donated_at} label="Date received" type="date" />
        <SelectField
          field={fields.payment_method}
          label="Paid by"
          options={OFFLINE_PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
        />
        <SelectField field={fields.frequency} label="Frequency" options={DONATION_FREQUENCIES} />
        <SelectField
          field={fields.purpose}
          label="Purpose"
          options={purposes}
          className="sm:col-span-2"
          selectClassName="max-w-md"
        />
        <AppealSelect field={fields.appeal} appeals={appeals} />
        <div className="sm:col-span-2">
          <CheckboxField
            field={fields.anonymous}
            label="Give anonymously"
            hint="Their name stays off the public pages (supporter lists say “Anonymous”); staff and the receipt still have it."
          />
        </div>
        <TributeFields field={fields.tribute} />
        <div className="flex gap-3 sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : "Record gift"}
          </button>
          <Link to="/admin/donations" preventScrollReset className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

function AppealSelect({ field, appeals }: { field: FieldMetadata<string>; appeals: OfflineGiftFormProps["appeals"] }) {
  const hintId = `${field.id}-hint`;
  const props = getSelectProps(field);
  return (
    <div className="sm:col-span-2">
      <label htmlFor={field.id} className="field-label">
        Appeal <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <select
        {...props}
        key={field.key}
        aria-describedby={[hintId, props["aria-describedby"]].filter(Boolean).join(" ")}
        className="field-input max-w-md"
      >
        <option value="">No appeal</option>
        {appeals.map((appeal) => (
          <option key={appeal.value} value={appeal.value}>
            {appeal.label}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        A gift for an appeal goes to the fund the appeal raises for, whatever the purpose says, and counts towards its
        total.
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

const TRIBUTE_KIND_OPTIONS = [
  { value: "", label: "Not in anyone's name" },
  { value: "memory", label: "In memory of" },
  { value: "honour", label: "In honour of" },
];

/** A gift in someone's name: the kind, the person, and who to tell (optional). */
function TributeFields({ field }: { field: FieldMetadata<{ kind: string; name: string; email: string }> }) {
  const tribute = field.getFieldset();
  const emailHintId = `${tribute.email.id}-hint`;
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-2 font-medium text-slate-800">In someone&apos;s name (optional)</legend>
      <SelectField field={tribute.kind} label="Tribute" options={TRIBUTE_KIND_OPTIONS} />
      <InputField field={tribute.name} label="The person's name" type="text" maxLength={200} autoComplete="off" />
      <div>
        <label htmlFor={tribute.email.id} className="field-label">
          Email to tell the family <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          {...getInputProps(tribute.email, { type: "email" })}
          key={tribute.email.key}
          autoComplete="off"
          aria-describedby={[emailHintId, tribute.email.errors?.length ? tribute.email.errorId : ""]
            .filter(Boolean)
            .join(" ")}
          className="field-input"
        />
        <p id={emailHintId} className="mt-1 text-sm text-slate-600">
          The family is told by mail: a short note naming the donor (unless anonymous), never the amount.
        </p>
        <FieldError id={tribute.email.errorId} errors={tribute.email.errors} />
      </div>
    </fieldset>
  );
}
