import type { ReactNode } from "react";

const COLUMNS = {
  2: "grid gap-8 md:grid-cols-2",
  3: "grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
  home: "grid gap-6 md:grid-cols-3",
} as const;

/** Cards in a responsive grid, as a list so screen readers announce how many there are. */
export function CardGrid<Item extends { id: number }>({
  items,
  columns,
  renderItem,
}: {
  items: Item[];
  columns: keyof typeof COLUMNS;
  renderItem: (item: Item, index: number) => ReactNode;
}) {
  return (
    <ul className={COLUMNS[columns]}>
      {items.map((item, index) => (
        <li key={item.id}>{renderItem(item, index)}</li>
      ))}
    </ul>
  );
}
