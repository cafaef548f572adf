import { useId } from "react";
import type { TransparencyReport } from "../rules/report-shapes";
import { formatDollars } from "~/shared/money";
import { FigureBar, sharesOf } from "./figure-bar";
import { TableCaption, TableFrame } from "~/ui/table-frame";

/** One fund of the report, as the service gives it. */
export type FundRow = Pick<TransparencyReport["funds"][number], "name" | "received" | "distributed" | "held">;

interface FundFiguresProps {
  funds: FundRow[];
  caption: string;
  /** "in 1447 AH", or empty for all years. */
  period: string;
  heldLabel: string;
}

/**
 * Each fund's money in, money out and what it holds, as a table whose cells carry their
 * bars: the table is the chart, so a screen reader reads the same figures the eye sees.
 */
export function FundFigures({ funds, caption, period, heldLabel }: FundFiguresProps) {
  const captionId = useId();
  const shareOf = sharesOf(funds.flatMap((fund) => [fund.received, fund.distributed, fund.held]));
  return (
    <TableFrame captionId={captionId} caption={caption} wide>
      <table className="w-full text-left text-sm">
        <TableCaption id={captionId}>{caption}</TableCaption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Fund
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {period ? `Received ${period}` : "Received"}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {period ? `Distributed ${period}` : "Distributed"}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {heldLabel}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {funds.map((fund) => (
            <tr key={fund.name}>
              <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                {fund.name}
              </th>
              <Amount value={fund.received} share={shareOf(fund.received)} tone="brand" />
              <Amount value={fund.distributed} share={shareOf(fund.distributed)} tone="gold" />
              <Amount value={fund.held} share={shareOf(fund.held)} tone="slate" />
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function Amount({ value, share, tone }: { value: number; share: number; tone: "brand" | "gold" | "slate" }) {
  return (
    <td className="py-3 pr-4 align-top tabular-nums text-slate-800">
      {formatDollars(value)}
      <FigureBar share={share} tone={tone} />
    </td>
  );
}
