import { applyAtOnce } from "./list-search";

/** An appeal as a staff select offers it: "Winter Emergency (closed)". */
export interface AppealChoice {
  id: number;
  label: string;
}

/** The Appeal select of the Donations filter: "All appeals" or one of them, applied as it changes. */
export function AppealFilter({ id, appeals, appealId }: { id: string; appeals: readonly AppealChoice[]; appealId: number | undefined }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Appeal
      </label>
      <select id={id} name="appeal" defaultValue={appealId ?? ""} onChange={applyAtOnce} className="field-input max-w-xs">
        <option value="">All appeals</option>
        {appeals.map((appeal) => (
          <option key={appeal.id} value={appeal.id}>
            {appeal.label}
          </option>
        ))}
      </select>
    </div>
  );
}
