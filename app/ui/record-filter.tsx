import { applyAtOnce } from "./list-search";

/** One choice of a filter's select: a record's id and the words staff know it by. */
export interface FilterChoice {
  id: number;
  label: string;
}

/**
 * A staff list's filter by one record (the Fund of Donations and the Ledger, the Appeal of
 * Donations): "All …" or one of them, applied as it changes with JavaScript and sent by
 * the Search button without.
 */
export function RecordFilter({
  id,
  name,
  label,
  all,
  choices,
  chosen,
}: {
  id: string;
  name: string;
  label: string;
  all: string;
  choices: readonly FilterChoice[];
  chosen: number | undefined;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={chosen ?? ""} onChange={applyAtOnce} className="field-input max-w-xs">
        <option value="">{all}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The Fund select (Donations, the Ledger). */
export function FundFilter({
  id,
  funds,
  fundId,
}: {
  id: string;
  funds: readonly { id: number; name: string }[];
  fundId: number | undefined;
}) {
  return (
    <RecordFilter
      id={id}
      name="fund"
      label="Fund"
      all="All funds"
      choices={funds.map((fund) => ({ id: fund.id, label: fund.name }))}
      chosen={fundId}
    />
  );
}

/** The Appeal select (Donations): "Winter Emergency (closed)". */
export function AppealFilter({
  id,
  appeals,
  appealId,
}: {
  id: string;
  appeals: readonly FilterChoice[];
  appealId: number | undefined;
}) {
  return <RecordFilter id={id} name="appeal" label="Appeal" all="All appeals" choices={appeals} chosen={appealId} />;
}
