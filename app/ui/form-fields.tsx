import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldError } from "./field-error";

/**
 * Labelled conform fields with their first error beneath: the label names the input,
 * and conform ties the error to it (aria-invalid, aria-describedby).
 */
export function InputField({
  field,
  label,
  type,
  className = "",
  ...attributes
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  type: "text" | "email" | "date" | "number" | "url";
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form">) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input {...getInputProps(field, { type })} key={field.key} {...attributes} className="field-input" />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  field,
  label,
  rows = 4,
  className = "",
  required,
  maxLength,
  hint,
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  rows?: number;
  className?: string;
  required?: boolean;
  maxLength?: number;
  /** A line under the box on what it takes ("Up to 5,000 characters"). */
  hint?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={rows}
        required={required}
        maxLength={maxLength}
        className="field-input"
      />
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  className = "",
  selectClassName = "",
  required,
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  options: readonly (string | { value: string; label: string })[];
  className?: string;
  selectClassName?: string;
  required?: boolean;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        key={field.key}
        required={required}
        className={`field-input ${selectClassName}`}
      >
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
