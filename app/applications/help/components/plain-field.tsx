import type { InputHTMLAttributes } from "react";
import { FieldError } from "~/ui/field-error";

/**
 * A labelled input for a form without conform (the eligibility checker's GET form, which runs
 * no script): the typed value back in place, and its first error tied to it.
 */
export function PlainField({
  name,
  label,
  hint,
  value,
  error,
  ...attributes
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue" | "value">) {
  const id = `check-${name}`;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="field-input"
        {...attributes}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}
