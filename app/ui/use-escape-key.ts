import { useEffect, useRef } from "react";

/**
 * Calls `onEscape` when Escape is pressed while focus is anywhere inside the element the
 * returned ref is given to: how a confirmation, a menu or the admin sidebar closes from
 * the keyboard. The listener sits on the element itself, so the element stays what it is
 * (a section, a disclosure) rather than pretending to be a control.
 */
export function useEscapeKey<T extends HTMLElement>(onEscape: (event: KeyboardEvent) => void) {
  const ref = useRef<T>(null);
  const latest = useRef(onEscape);
  useEffect(() => {
    latest.current = onEscape;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listener = (event: KeyboardEvent) => {
      if (event.key === "Escape") latest.current(event);
    };
    element.addEventListener("keydown", listener);
    return () => element.removeEventListener("keydown", listener);
  }, []);
  return ref;
}
