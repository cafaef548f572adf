import { useEffect, useRef, type FocusEvent } from "react";
import { Form, Link, useLocation } from "react-router";
import { applyAtOnce } from "~/ui/list-search";
import type { AuditFilter } from "../rules/audit-filter";

/**
 * The Audit screen's filters: a plain GET form (the filter lives in the address, so it can be
 * bookmarked, exported and paged). With JavaScript a select applies at once and a date when
 * its field is left; without it, the Filter button sends them. When the address changes by
 * other means (Clear, Back, a record's link), the fields are set to what it now says.
 */
export function AuditFilters({
  filter,
  people,
  actions,
  entities,
  filtered,
}: {
  filter: AuditFilter;
  people: { id: number; name: string }[];
  actions: string[];
  entities: string[];
  filtered: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const location = useLocation();
  const shownFor = useRef(location.search);
  useEffect(() => {
    if (shownFor.current === location.search) return;
    shownFor.current = location.search;
    const params = new URLSearchParams(location.search);
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
      const fallback = element instanceof HTMLSelectElement ? (element.options[0]?.value ?? "") : "";
      element.value = params.get(element.name) ?? fallback;
    }
  }, [location.search]);

  // A date applies when its field is left changed: while it is typed, each digit of the year would send one.
  const applyWhenLeft = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const shown = new URLSearchParams(location.search).get(input.name) ?? "";
    if (input.value !== shown && (input.value === "" || input.validity.valid)) input.form?.requestSubmit();
  };

  // A kind or action the trail does not hold yet (typed in the address) stays choosable.
  const withShown = (words: string[], shown?: string) => (shown && !words.includes(shown) ? [shown, ...words] : words);

  return (
    <Form
      ref={formRef}
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
      role="search"
      aria-label="Filter the audit trail"
    >
      <div>
        <label htmlFor="audit-actor" className="field-label">
          Person
        </label>
        <select
          id="audit-actor"
          name="actor"
          defaultValue={filter.actorId === undefined ? "" : String(filter.actorId)}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-action" className="field-label">
          Action
        </label>
        <select
          id="audit-action"
          name="action"
          defaultValue={filter.action ?? ""}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="">All actions</option>
          {withShown(actions, filter.action).map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-entity" className="field-label">
          Kind
        </label>
        <select
          id="audit-entity"
          name="entity"
          defaultValue={filter.entity ?? ""}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="">All kinds</option>
          {withShown(entities, filter.entity).map((entity) => (
            <option key={entity} value={entity}>
              {entity}
            </option>
          ))}
        </select>
      </div>
      <div className="w-28">
        <label htmlFor="audit-record" className="field-label">
          Record ID
        </label>
        <input
          id="audit-record"
          name="entity_id"
          type="text"
          defaultValue={filter.entityId ?? ""}
          className="field-input"
          onBlur={applyWhenLeft}
        />
      </div>
      {/* The two ends of the range wrap together, never "To" alone on a row. */}
      <div className="flex flex-wrap gap-3">
        <div>
          <label htmlFor="audit-from" className="field-label">
            From (UTC)
          </label>
          <input
            id="audit-from"
            name="from"
            type="date"
            defaultValue={filter.from ?? ""}
            className="field-input"
            onBlur={applyWhenLeft}
          />
        </div>
        <div>
          <label htmlFor="audit-to" className="field-label">
            To (UTC)
          </label>
          <input
            id="audit-to"
            name="to"
            type="date"
            defaultValue={filter.to ?? ""}
            className="field-input"
            onBlur={applyWhenLeft}
          />
        </div>
      </div>
      <button type="submit" className="btn-primary">
        Filter
      </button>
      {filtered ? (
        <Link to="/admin/audit" className="btn-secondary">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
