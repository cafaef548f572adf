import type { ReactNode } from "react";

/**
 * A report table that may be wider than a phone: it scrolls sideways, and keyboard users
 * can reach and scroll it too (the region is named by the table's caption). The caption is
 * shown above the scrolling box, so it wraps within the screen rather than being cut off
 * with the table; the table keeps its own caption for screen readers, which read it once.
 * A table too wide for a phone says so there (`wide`), since nothing else hints it scrolls.
 */
export function TableFrame({
  captionId,
  caption,
  wide = false,
  children,
}: {
  captionId: string;
  caption: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <p aria-hidden="true" className="pb-3 text-sm text-slate-600">
        {caption}
        {wide ? (
          <span className="mt-1 block text-xs font-medium text-slate-500 md:hidden">
            Scroll sideways to see every column.
          </span>
        ) : null}
      </p>
      <div
        role="region"
        aria-labelledby={captionId}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must be reachable by keyboard to be scrolled without a mouse
        tabIndex={0}
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {children}
      </div>
    </>
  );
}

/** The table's own caption: read by screen readers, shown by the frame above the table. */
export function TableCaption({ id, children }: { id: string; children: ReactNode }) {
  return (
    <caption id={id} className="sr-only">
      {children}
    </caption>
  );
}
