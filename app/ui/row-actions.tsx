import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The Edit and Delete links at the end of a content row. They are addresses (?edit=7,
 * ?delete=7), so they work without JavaScript and open the modal or the confirmation.
 * `subject` names the row for screen readers ("Edit Iftar dinner").
 */
export function RowActions({ id, subject, children }: { id: number; subject: string; children?: ReactNode }) {
  return (
    <td className="px-3 py-3 text-right whitespace-nowrap">
      {children}
      <Link
        to={`?edit=${id}`}
        preventScrollReset
        className="ml-4 font-semibold text-brand-700 hover:underline"
        aria-label={`Edit ${subject}`}
      >
        Edit
      </Link>
      <Link
        to={`?delete=${id}`}
        preventScrollReset
        data-delete-for={id}
        className="ml-4 font-semibold text-red-700 hover:underline"
        aria-label={`Delete ${subject}`}
      >
        Delete
      </Link>
    </td>
  );
}
