import { useEffect, useRef, type ReactNode } from "react";

/**
 * A banner at the top of an admin screen: a success as a status, a failure as an alert.
 * With `focus`, it takes the keyboard focus when it appears (after an action that
 * removed what had the focus).
 */
export function Notice({ tone, focus = false, children }: { tone: "success" | "error"; focus?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const style = tone === "success" ? "bg-brand-50 text-brand-800" : "bg-red-50 text-red-800";
  return (
    <p ref={ref} role={tone === "success" ? "status" : "alert"} tabIndex={focus ? -1 : undefined} className={`rounded-lg px-4 py-3 text-sm font-medium ${style}`}>
      {children}
    </p>
  );
}
