import { useId } from "react";
import { TableCaption, TableFrame } from "~/ui/table-frame";
import { ToBeConfirmed } from "~/ui/to-be-confirmed";

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
const CAPTION = "The rates in force today, with the day each took effect and the authority it follows.";

export function RatesInForce({ rates }: { rates: RateInForce[] }) {
  const captionId = useId();
  return (
    <TableFrame captionId={captionId} caption={CAPTION} wide>
      <table className="w-full text-left text-sm">
        <TableCaption id={captionId}>{CAPTION}</TableCaption>
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
              <th scope="row" className="py-3 pr-4 align-top font-medium text-slate-900">
                {rate.label}
              </th>
              <td className="py-3 pr-4 align-top tabular-nums text-slate-800">
                {rate.amount}
                {rate.to_confirm ? <ToBeConfirmed /> : null}
              </td>
              <td className="py-3 pr-4 align-top whitespace-nowrap text-slate-800">
                {rate.effective_on}
                <span className="block text-slate-600">{rate.effective_on_hijri}</span>
              </td>
              <td className="min-w-48 py-3 align-top text-slate-800">{rate.authority}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
