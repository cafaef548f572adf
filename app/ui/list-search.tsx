import { useEffect, useRef, type ChangeEvent, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";

/**
 * The search box above a staff list, with the list's own filters as `children`. A plain
 * GET form: the filter lives in the address, so it can be bookmarked, exported and paged.
 * When the address changes by other means (a summary card, Clear, Back), the fields are
 * set to what it now says, in place, so whatever has the keyboard focus keeps it.
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
  const formRef = useRef<HTMLFormElement>(null);
  const location = useLocation();
  const shownFor = useRef(location.search);
  useEffect(() => {
    // Only a change of address: on the first render the fields already say what it says
    // (and whatever was typed before the page came alive must stay).
    if (shownFor.current === location.search) return;
    shownFor.current = location.search;
    const params = new URLSearchParams(location.search);
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
      // An absent filter is the select's first option ("All ...") or an empty box.
      const fallback = element instanceof HTMLSelectElement ? (element.options[0]?.value ?? "") : "";
      element.value = params.get(element.name) ?? fallback;
    }
  }, [location.search]);

  return (
    <Form
      ref={formRef}
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
      role="search"
    >
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

/** A list's filter select: with JavaScript it applies at once; without it, the Search button sends the filter. */
export function applyAtOnce(event: ChangeEvent<HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit();
}
