import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ZakatCategoryScript } from "~/funds/transparency/index.ui";
import { FieldError } from "~/ui/field-error";
import { FormAlert } from "~/ui/form-alert";
import { InputField, TextareaField } from "~/ui/form-fields";
import { useHydrated } from "~/ui/use-hydrated";
import { disbursementSchema, type DisbursementInput, ZAKAT_CATEGORIES } from "~/funds/funds";
import { formatExactDollars } from "~/shared/money";

/** A fund as the form offers it: its balance beside its name. */
export interface FundChoice {
  id: number;
  name: string;
  is_zakat: boolean;
  archived: boolean;
  balance: number;
}

type DisbursementFields = Record<keyof DisbursementInput, string>;

/**
 * Staff record money that went out of a fund. A plain multipart POST, so it works without
 * JavaScript (the proof document travels with it); with JavaScript, fields are checked as
 * they are left and the category of recipients is asked only for the two Zakat funds.
 */
export function DisbursementForm({
  funds,
  today,
  cancelTo,
  lastResult,
}: {
  funds: FundChoice[];
  today: string;
  cancelTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "disburse";
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [form, fields] = useForm<DisbursementFields, DisbursementInput>({
    id: "disbursement",
    lastResult,
    defaultValue: { disbursed_on: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disbursementSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Opening the form moves focus to it, so keyboard users land where they are needed.
  useEffect(() => headingRef.current?.focus(), []);
  const alertRef = useFocusOnRefusal(lastResult, Boolean(form.errors?.length));
  const zakatFunds = funds.filter((fund) => fund.is_zakat);
  const chosen = funds.find((fund) => String(fund.id) === fields.fund_id.value);
  // Without JavaScript the form cannot follow the fund chosen: the category is always there, with a hint.
  const askCategory = !hydrated || chosen?.is_zakat === true;
  const proofError = lastResult?.error?.proof ?? undefined;

  return (
    <section
      aria-labelledby="disbursement-title"
      className="rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm"
    >
      <h2 id="disbursement-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Record a disbursement
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Money that went out of a fund. Entries are never changed: a mistake is put right by a reversal.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2"
        preventScrollReset
      >
        {form.errors?.length ? (
          <div className="sm:col-span-2">
            <FormAlert errors={form.errors} focusRef={alertRef} />
          </div>
        ) : null}
        <InputField field={fields.disbursed_on} label="Date" type="date" required max={today} />
        <div>
          <label htmlFor={fields.fund_id.id} className="field-label">
            Fund
          </label>
          <select {...getSelectProps(fields.fund_id)} key={fields.fund_id.key} required className="field-input">
            <option value="">Choose a fund</option>
            {funds.map((fund) => (
              <option key={fund.id} value={fund.id}>
                {fund.name}
                {fund.archived ? " (archived)" : ""} — balance {formatExactDollars(fund.balance)}
              </option>
            ))}
          </select>
          <FieldError id={fields.fund_id.errorId} errors={fields.fund_id.errors} />
        </div>
        <InputField field={fields.amount} label="Amount (USD)" type="text" inputMode="decimal" required />
        {askCategory ? (
          <CategoryField field={fields.category} hydrated={hydrated} zakatFunds={zakatFunds.map((fund) => fund.name)} />
        ) : null}
        <InputField
          field={fields.programme}
          label={
            <>
              Programme or project <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          type="text"
          maxLength={200}
        />
        <InputField
          field={fields.region}
          label={
            <>
              Region <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          type="text"
          maxLength={200}
        />
        <TextareaField
          field={fields.description}
          label="Description"
          rows={3}
          required
          maxLength={2000}
          className="sm:col-span-2"
          hint="What the money was for. Never a recipient's name: the public report shows aggregates only."
        />
        <div className="sm:col-span-2">
          <label htmlFor="disbursement-proof" className="field-label">
            Proof document <span className="font-normal text-slate-500">(optional: a photo or a PDF, up to 10 MB)</span>
          </label>
          <input
            id="disbursement-proof"
            name="proof"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
            aria-invalid={proofError ? true : undefined}
            aria-describedby={`disbursement-proof-hint${proofError ? " disbursement-proof-error" : ""}`}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
          <p id="disbursement-proof-hint" className="mt-1 text-xs text-slate-500">
            Seen by staff only. A photo&apos;s location and camera details, and a PDF&apos;s author, title and other
            metadata, are removed.
            {lastResult ? " A file chosen before must be chosen again." : ""}
          </p>
          <FieldError id="disbursement-proof-error" errors={proofError} />
        </div>
        <div className="sm:col-span-2">
          <div className="flex gap-3">
            <button type="submit" name="intent" value="disburse" className="btn-primary" disabled={saving}>
              {saving ? "Recording..." : "Record disbursement"}
            </button>
            <Link to={cancelTo} preventScrollReset className="btn-secondary">
              Cancel
            </Link>
          </div>
        </div>
      </Form>
    </section>
  );
}

/**
 * A refusal of the whole entry (the balance is not enough) is shown at the top of the form
 * and takes the focus, so it is read out and seen however far down the button was. The
 * form shows a reply's errors a render after the reply arrives, so the focus waits for them.
 */
function useFocusOnRefusal(lastResult: SubmissionResult<string[]> | undefined, shown: boolean) {
  const alertRef = useRef<HTMLDivElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    pending.current = Boolean(lastResult?.error?.[""]?.length);
  }, [lastResult]);
  useEffect(() => {
    if (!shown || !pending.current || !alertRef.current) return;
    pending.current = false;
    alertRef.current.focus();
  }, [shown, lastResult]);
  return alertRef;
}

function CategoryField({
  field,
  hydrated,
  zakatFunds,
}: {
  field: FieldMetadata<string>;
  hydrated: boolean;
  zakatFunds: string[];
}) {
  const hintId = `${field.id}-hint`;
  const props = getSelectProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        Category of recipients
      </label>
      <select
        {...props}
        key={field.key}
        required={hydrated}
        aria-describedby={[hintId, props["aria-describedby"]].filter(Boolean).join(" ")}
        className="field-input"
      >
        <option value="">Choose a category</option>
        {ZAKAT_CATEGORIES.map((category) => (
          <option key={category.key} value={category.key}>
            {category.english} ({category.arabic})
          </option>
        ))}
      </select>
      {/* An option holds plain text only: the chosen category's name in the verse's Arabic is shown beneath. */}
      {field.value ? (
        <div className="mt-1 text-lg text-slate-800">
          <ZakatCategoryScript categoryKey={field.value} />
        </div>
      ) : null}
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {hydrated
          ? "Zakat is given only to the eight categories of Qur'an 9:60."
          : `Required for ${zakatFunds.join(" and ")} (the eight categories of Qur'an 9:60); leave it empty for any other fund.`}
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
