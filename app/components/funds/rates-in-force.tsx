import { useId } from "react";
import { TableFrame } from "./table-frame";

export interface RateInForce {
  key: string;
  label: string;
  /** "$12" or "$0.85", with the unit in the label. */
  amount: string;
  effective_on: string;
  effective_on_hijri: string;
  authority: string;
  to_confirm: boolean;
}

/**
 * The rates the foundation uses today (Zakat al-Fitr, Fidya, Kaffarah, and the gold and
 * silver prices behind the nisab), each with the day it took effect and whose view it
 * follows. A starting figure staff have not yet confirmed says so.
 */
export function RatesInForce({ rates }: { rates: RateInForce[] }) {
  const captionId = useId();
  return (
    <TableFrame captionId={captionId}>
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="pb-3 text-left text-slate-600">The rates in force today, with the day each took effect and the authority it follows.</caption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Rate
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Amount
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              In force since
            </th>
            <th scope="col" className="py-2 font-semibold">
              Authority
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rates.map((rate) => (
            <tr key={rate.key}>
              <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                {rate.label}
              </th>
              <td className="py-3 pr-4 align-top tabular-nums text-slate-800">
                {rate.amount}
                {rate.to_confirm ? <span className="ml-2 rounded bg-gold-300/40 px-1.5 py-0.5 text-xs font-semibold text-slate-800">to be confirmed</span> : null}
              </td>
              <td className="py-3 pr-4 align-top text-slate-800">
                {rate.effective_on}
                <span className="block text-slate-600">{rate.effective_on_hijri}</span>
              </td>
              <td className="py-3 align-top text-slate-800">{rate.authority}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
