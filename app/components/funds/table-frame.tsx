import type { ReactNode } from "react";

/**
 * A report table that may be wider than a phone: it scrolls sideways, and keyboard users
 * can reach and scroll it too (the region is named by the table's caption).
 */
export function TableFrame({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must be reachable by keyboard to be scrolled without a mouse
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600">
      {children}
    </div>
  );
}
