import type { Ref } from "react";

/**
 * A form's own errors (not a field's): what went wrong as a whole, read out at once. Given a
 * `focusRef`, it can also take the focus, for a refusal that a keyboard user must land on.
 */
export function FormAlert({ errors, focusRef }: { errors?: string[]; focusRef?: Ref<HTMLDivElement> }) {
  if (!errors?.length) return null;
  return (
    <div
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
