/** A field's first error, tied to its input through `id` (the input's aria-describedby). */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors[0]}
    </p>
  );
}
