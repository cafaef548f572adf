import { useRef, type ReactNode } from "react";
import { Icon } from "./icon";
import { useEscapeKey } from "./use-escape-key";

/**
 * A row's actions behind one toggle, for a list whose rows have more actions than fit beside
 * their facts on a laptop. A <details> disclosure, so it opens without JavaScript; the
 * options open under the toggle, inside the row, because a list floating over the table would
 * be cut off by the box the table scrolls in on a phone. Each option keeps its own name.
 *
 * Every row's menu shares one `name`, so the browser keeps one open at a time, with or without
 * script; with it, Escape closes the open menu and hands focus back to its toggle.
 *
 * The open options take the width the toggle gives the column and never widen it (`w-0
 * min-w-full`: nothing to the column's sizes, the cell's width once laid out), so opening a
 * menu cannot push the row past a laptop's screen; the toggle is wide enough for the usual
 * options, and a longer one wraps.
 */
export function RowMenu({ subject, children }: { subject: string; children: ReactNode }) {
  const toggleRef = useRef<HTMLElement>(null);
  const menuRef = useEscapeKey<HTMLDetailsElement>((event) => {
    if (!menuRef.current?.open) return;
    event.preventDefault();
    menuRef.current.open = false;
    toggleRef.current?.focus();
  });
  return (
    <details ref={menuRef} name="row-actions" className="group text-right">
      <summary
        ref={toggleRef}
        className="inline-flex min-w-28 cursor-pointer list-none items-center justify-end gap-1 rounded-md px-2 py-1 font-semibold whitespace-nowrap text-brand-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        Actions<span className="sr-only"> for {subject}</span>
        <Icon name="chevronDown" className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-2 flex w-0 min-w-full flex-col items-end gap-2 text-right">{children}</div>
    </details>
  );
}
