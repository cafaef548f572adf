import { useId } from "react";
import type { TransparencyReport } from "../rules/report-shapes";
import { formatDollars } from "~/shared/money";
import { FigureBar } from "./figure-bar";
import { TableCaption, TableFrame } from "~/ui/table-frame";

/** One category of the report, with the name as the verse writes it, in Arabic script, when the page has it. */
export type CategoryRow = TransparencyReport["zakat"]["by_category"][number] & { script?: string };

/**
 * Zakat given to each of the eight categories of recipients (Qur'an 9:60), in the verse's
 * order and its words, with each one's share of all the Zakat given in the period. The bars sit in the
 * table's cells and are hidden from screen readers, which read the table.
 */
export function ZakatByCategory({ categories, caption }: { categories: CategoryRow[]; caption: string }) {
  const captionId = useId();
  return (
    <TableFrame captionId={captionId} caption={caption}>
      <table className="w-full text-left text-sm">
        <TableCaption id={captionId}>{caption}</TableCaption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Category
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Amount
            </th>
            <th scope="col" className="py-2 font-semibold">
              Share
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {categories.map((category) => (
            <tr key={category.key}>
              <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                {capitalised(category.english)}{" "}
                <span className="font-normal text-slate-600 italic">({category.arabic})</span>
                {/* Marked as Arabic, right to left; the page passes the words in, so no shared list is shipped to the
                    browser. */}
                {category.script ? (
                  <>
                    {" "}
                    <span lang="ar" dir="rtl" className="inline-block font-normal whitespace-nowrap text-slate-700">
                      {category.script}
                    </span>
                  </>
                ) : null}
              </th>
              <td className="py-3 pr-4 align-top tabular-nums text-slate-800">{formatDollars(category.amount)}</td>
              <td className="w-2/5 py-3 align-top tabular-nums text-slate-800">
                {category.percent}%
                <FigureBar share={category.percent / 100} tone="brand" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
