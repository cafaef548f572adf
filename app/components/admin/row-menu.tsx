import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";

/**
 * A row's actions behind one toggle, for a list whose rows have more actions than fit beside
 * their facts on a laptop. A <details> disclosure, so it opens without JavaScript; the
 * options open under the toggle, inside the row, because a list floating over the table would
 * be cut off by the box the table scrolls in on a phone. Each option keeps its own name.
 */
export function RowMenu({ subject, children }: { subject: string; children: ReactNode }) {
  return (
    <details className="group text-right">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 font-semibold whitespace-nowrap text-brand-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        Actions<span className="sr-only"> for {subject}</span>
        <Icon name="chevronDown" className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-2 flex flex-col items-end gap-2 whitespace-nowrap">{children}</div>
    </details>
  );
}
