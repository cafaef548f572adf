import { useEffect, useRef } from "react";

/**
 * Moves focus to an element that appears after the visitor did something on a page
 * already open (a status after a form, a panel after a client-side navigation), so a
 * keyboard or screen-reader user lands on what changed instead of on a button that
 * vanished. On a fresh page load focus is left alone: the browser starts at the top.
 */
let documentReady = false;

/** Called once by the root after hydration: from then on, what mounts arrived by navigation. */
export function markDocumentReady(): void {
  documentReady = true;
}

/** `when` false leaves focus to something more telling that arrives with this element (a status inside it). */
export function useFocusOnArrival<T extends HTMLElement>(when = true) {
  const ref = useRef<T>(null);
  // Only on arrival, as `when` was then: later renders must not pull focus back.
  const focusOnArrival = useRef(when);
  useEffect(() => {
    if (documentReady && focusOnArrival.current) ref.current?.focus();
  }, []);
  return ref;
}
