import { useEffect, useRef, type ReactNode } from "react";
import { useFocusOnArrival } from "./use-focus-on-arrival";

type NoticeFocus = boolean | "on-arrival";

/**
 * A banner at the top of a screen or page: a success as a status, a failure as an alert.
 * With `focus`, it takes the keyboard focus when it appears (after an action that removed
 * what had the focus); with `focus="on-arrival"`, only when it arrives after the visitor's
 * own action on a page already open (use-focus-on-arrival), never on a fresh page load.
 */
export function Notice({
  tone = "success",
  focus = false,
  className = "",
  children,
}: {
  tone?: "success" | "error";
  focus?: NoticeFocus;
  className?: string;
  children: ReactNode;
}) {
  const arrival = useFocusOnArrival<HTMLParagraphElement>(focus === "on-arrival");
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus === true) ref.current?.focus();
  }, [focus]);
  const style = tone === "success" ? "bg-brand-50 text-brand-800" : "bg-red-50 text-red-800";
  return (
    <p
      ref={focus === "on-arrival" ? arrival : ref}
      role={tone === "success" ? "status" : "alert"}
      tabIndex={focus ? -1 : undefined}
      className={`rounded-lg px-4 py-3 text-sm font-medium ${style} ${className}`}
    >
      {children}
    </p>
  );
}
