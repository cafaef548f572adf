import { getInputProps, type FieldMetadata } from "@conform-to/react";

/** A labelled checkbox; unticked sends nothing, which the action reads as false. */
export function CheckboxField({ field, label, hint }: { field: FieldMetadata<string>; label: string; hint?: string }) {
  return (
    <label htmlFor={field.id} className="flex items-start gap-3">
      <input {...getInputProps(field, { type: "checkbox" })} key={field.key} className="mt-1 h-4 w-4 accent-brand-700" />
      <span>
        <span className="block font-medium text-slate-800">{label}</span>
        {hint ? <span className="block text-sm text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}
