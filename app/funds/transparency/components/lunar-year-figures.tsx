import { useId } from "react";
import type { TransparencyReport } from "../rules/report-shapes";
import { formatDollars } from "~/shared/money";
import { FigureBar } from "./figure-bar";
import { TableCaption, TableFrame } from "~/ui/table-frame";

/** One year of the report's within-a-lunar-year figures, as the service gives them. */
export type LunarYearRow = TransparencyReport["zakat"]["by_year"][number];

/**
 * Per year of receipt: the Zakat that came in, how much of it has gone out (oldest first),
 * and how much went out within one lunar year of arriving. A year whose Zakat is not yet a
 * lunar year old is "still open": its share can still rise.
 */
export function LunarYearFigures({
  years,
  caption,
  yearLabel,
}: {
  years: LunarYearRow[];
  caption: string;
  yearLabel: (year: number) => string;
}) {
  const captionId = useId();
  return (
    <TableFrame captionId={captionId} caption={caption} wide>
      <table className="w-full text-left text-sm">
        <TableCaption id={captionId}>{caption}</TableCaption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Year received
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Zakat received
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Distributed so far
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Distributed within one lunar year
            </th>
            <th scope="col" className="py-2 font-semibold">
              Share within one lunar year
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {years.map((row) => (
            <tr key={row.year}>
              <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                {yearLabel(row.year)}
              </th>
              <td className="py-3 pr-4 align-top tabular-nums text-slate-800">{formatDollars(row.received)}</td>
              <td className="py-3 pr-4 align-top tabular-nums text-slate-800">{formatDollars(row.distributed)}</td>
              <td className="py-3 pr-4 align-top tabular-nums text-slate-800">
                {formatDollars(row.distributed_within_lunar_year)}
              </td>
              <td className="w-1/4 py-3 align-top tabular-nums text-slate-800">
                {row.within_lunar_year_percent}%
                {row.still_open ? (
                  <span className="ml-2 rounded bg-gold-300/40 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800">
                    still open
                  </span>
                ) : null}
                <FigureBar share={row.within_lunar_year_percent / 100} tone="brand" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
