/** A form's own errors (not a field's): what went wrong as a whole, read out at once. */
export function FormAlert({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
