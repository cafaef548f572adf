import { useId } from "react";
import type { TransparencyReport } from "../rules/report-shapes";
import { formatCount } from "~/shared/money";
import { TableCaption, TableFrame } from "~/ui/table-frame";

/**
 * How many households Zakat applications helped in each category: the count alone, and under
 * five only "fewer than 5", so that no family can be picked out of the figures.
 */
export function HouseholdsHelped({
  categories,
  caption,
}: {
  categories: TransparencyReport["zakat"]["households_helped"];
  caption: string;
}) {
  const captionId = useId();
  return (
    <TableFrame captionId={captionId} caption={caption}>
      <table className="w-full text-left text-sm" data-testid="households-helped">
        <TableCaption id={captionId}>{caption}</TableCaption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Category
            </th>
            <th scope="col" className="py-2 font-semibold">
              Households helped
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {categories.map((category) => (
            <tr key={category.key}>
              <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                {category.english.charAt(0).toUpperCase() + category.english.slice(1)}{" "}
                <span className="font-normal text-slate-600 italic">({category.arabic})</span>
              </th>
              <td className="py-3 tabular-nums text-slate-800">
                {typeof category.households === "number" ? formatCount(category.households) : "Fewer than 5"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
