import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { ESSENTIAL_COSTS, INCOME_SOURCES, PURPOSES } from "~/applications/records";
import { CheckboxField } from "~/ui/checkbox-field";
import { FieldError } from "~/ui/field-error";
import { InputField, TextareaField } from "~/ui/form-fields";

/** A step's conform fields, by name (each step's form hands its own). */
type Fields = Record<string, FieldMetadata<string>>;

function MoneyField({ field, label, hint }: { field: FieldMetadata<string>; label: string; hint?: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className="text-slate-600">
          $
        </span>
        <input
          {...getInputProps(field, { type: "text", ariaDescribedBy: hint ? `${field.id}-hint` : undefined })}
          key={field.key}
          inputMode="decimal"
          autoComplete="off"
          className="field-input"
        />
      </div>
      {hint ? (
        <p id={`${field.id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function ApplicantFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField field={fields.name!} label="Full name" type="text" required maxLength={120} autoComplete="name" />
      <InputField field={fields.date_of_birth!} label="Date of birth" type="date" required autoComplete="bday" />
      <InputField field={fields.email!} label="Email" type="email" required maxLength={254} autoComplete="email" />
      <InputField
        field={fields.phone!}
        label="Phone number"
        type="text"
        inputMode="tel"
        required
        maxLength={40}
        autoComplete="tel"
      />
      <TextareaField
        field={fields.address!}
        label="Address"
        rows={3}
        required
        maxLength={400}
        className="sm:col-span-2"
      />
    </div>
  );
}

export function HouseholdFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField
        field={fields.adults!}
        label="Adults in the household (you included)"
        type="number"
        min={1}
        max={20}
        required
      />
      <div>
        <InputField
          field={fields.children_ages!}
          label="Children's ages"
          type="text"
          maxLength={200}
          aria-describedby={`${fields.children_ages!.id}-hint`}
        />
        <p id={`${fields.children_ages!.id}-hint`} className="mt-1 text-sm text-slate-600">
          Each child under 18, in years, separated by commas (for example: 4, 7, 12). Leave empty if none.
        </p>
      </div>
    </div>
  );
}

export function MoneyFields({ fields }: { fields: Fields }) {
  return (
    <div className="space-y-8">
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">Money coming in each month</legend>
        <p className="text-sm text-slate-600">After tax, for the whole household. Leave a box empty for none.</p>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          {INCOME_SOURCES.map((source) => (
            <MoneyField key={source.key} field={fields[source.key]!} label={source.label} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">Essential costs each month</legend>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          {ESSENTIAL_COSTS.map((cost) => (
            <MoneyField key={cost.key} field={fields[cost.key]!} label={cost.label} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">Savings and debts</legend>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          <MoneyField field={fields.savings!} label="Savings" hint="Money in the bank, cash, gold and silver" />
          <MoneyField field={fields.debts!} label="Debts" hint="What you owe in total" />
          <TextareaField
            field={fields.debts_details!}
            label="What the debts are (optional)"
            rows={3}
            maxLength={1000}
            className="sm:col-span-2"
          />
        </div>
      </fieldset>
    </div>
  );
}

export function HelpFields({ fields }: { fields: Fields }) {
  const purpose = fields.purpose!;
  return (
    <div className="space-y-5">
      <fieldset aria-describedby={purpose.errors ? purpose.errorId : undefined}>
        <legend className="field-label">What is the help for?</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {PURPOSES.map((option) => (
            <label key={option.key} className="flex items-start gap-3">
              <input
                {...getInputProps(purpose, { type: "radio", value: option.key })}
                id={`${purpose.id}-${option.key}`}
                key={`${purpose.key}-${option.key}`}
                className="mt-1 accent-brand-700"
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        <FieldError id={purpose.errorId} errors={purpose.errors} />
      </fieldset>
      <TextareaField
        field={fields.purpose_details!}
        label="Tell us about it"
        rows={5}
        required
        maxLength={2000}
        hint="What happened, what you need and by when. Up to 2,000 characters."
      />
      <div className="max-w-xs">
        <MoneyField field={fields.requested!} label="How much are you asking for?" />
      </div>
    </div>
  );
}

export function DeclarationFields({ fields, retentionYears }: { fields: Fields; retentionYears: number }) {
  return (
    <div className="space-y-4">
      <div>
        <CheckboxField
          field={fields.declare_true!}
          label="What I have told you is true and complete"
          hint="We may ask for documents to check it. A false application takes Zakat from a family who needs it."
        />
        <FieldError id={fields.declare_true!.errorId} errors={fields.declare_true!.errors} />
      </div>
      <div>
        <CheckboxField
          field={fields.consent_privacy!}
          label="I agree to the privacy notice"
          hint={`We keep what you tell us encrypted, show it only to our case workers, and erase it ${retentionYears} years after your case is closed.`}
        />
        <FieldError id={fields.consent_privacy!.errorId} errors={fields.consent_privacy!.errors} />
      </div>
    </div>
  );
}
