import { getInputProps, type FieldMetadata } from "@conform-to/react";

/**
 * A labelled checkbox; unticked sends nothing, which the action reads as false. The whole
 * label ticks it, yet it is named by its label alone and the hint is its description.
 */
export function CheckboxField({ field, label, hint }: { field: FieldMetadata<string>; label: string; hint?: string }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <label htmlFor={field.id} className="flex items-start gap-3">
      <input
        {...getInputProps(field, { type: "checkbox", ariaDescribedBy: hintId })}
        key={field.key}
        aria-labelledby={`${field.id}-name`}
        className="mt-1 h-4 w-4 accent-brand-700"
      />
      <span>
        <span id={`${field.id}-name`} className="block font-medium text-slate-800">
          {label}
        </span>
        {hint ? (
          <span id={hintId} className="block text-sm text-slate-500">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
