import { applyAtOnce } from "./list-search";

/** The Fund select of a staff list's filter (Donations, the Ledger): "All funds" or one of them, applied as it changes. */
export function FundFilter({ id, funds, fundId }: { id: string; funds: readonly { id: number; name: string }[]; fundId: number | undefined }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Fund
      </label>
      <select id={id} name="fund" defaultValue={fundId ?? ""} onChange={applyAtOnce} className="field-input">
        <option value="">All funds</option>
        {funds.map((fund) => (
          <option key={fund.id} value={fund.id}>
            {fund.name}
          </option>
        ))}
      </select>
    </div>
  );
}
