import type { ReactNode } from "react";

export interface Column {
  label: string;
  /** Read by screen readers only (an actions column, say). */
  hidden?: boolean;
  align?: "right";
  /** Left out on a phone, where the row says the same facts under its first cell instead. */
  fromSm?: boolean;
  /** Shown in the header cell instead of the label (a "select all" checkbox, say). */
  header?: ReactNode;
}

/** An admin list: a captioned table, its column headers, and a row saying so when it is empty. */
export function DataTable({
  caption,
  columns,
  emptyText,
  children,
}: {
  caption: string;
  columns: Column[];
  emptyText: ReactNode;
  children: ReactNode[];
}) {
  return (
    // Relative, so a screen-reader-only heading stays inside the scrolling box.
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-3 py-3 ${column.align === "right" ? "text-right" : ""} ${column.fromSm ? "hidden sm:table-cell" : ""}`}
              >
                {column.header ?? (column.hidden ? <span className="sr-only">{column.label}</span> : column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {children.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-600">
                {emptyText}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
