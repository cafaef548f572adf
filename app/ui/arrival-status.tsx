import type { ReactNode } from "react";
import { useFocusOnArrival } from "./use-focus-on-arrival";

/** The answer after a press, focused so a keyboard or screen-reader user hears it at once. */
export function ArrivalStatus({ children }: { children: ReactNode }) {
  const ref = useFocusOnArrival<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-6 space-y-3 focus:outline-none">
      {children}
    </div>
  );
}
