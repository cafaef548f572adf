import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * The search box above a staff list, with the list's own filters as `children`. A plain
 * GET form: the filter lives in the address, so it can be bookmarked, exported and paged.
 */
export function ListSearch({
  id,
  label,
  search,
  filtered,
  clearTo,
  children,
}: {
  id: string;
  label: string;
  search?: string;
  filtered: boolean;
  clearTo: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm" role="search">
      <div className="min-w-56 flex-1">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input id={id} name="search" type="search" defaultValue={search ?? ""} className="field-input" />
      </div>
      {children}
      <button type="submit" className="btn-primary">
        Search
      </button>
      {filtered ? (
        <Link to={clearTo} className="btn-secondary">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
