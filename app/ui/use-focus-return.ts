import { useEffect, useRef } from "react";

/**
 * When a confirmation opened by an address (?delete=7, ?cancel=sub_1) closes without
 * acting, focus goes back to the link that opened it, so a keyboard user carries on
 * where they were instead of at the top of the page.
 */
export function useFocusReturn(openFor: string | null, opener: (id: string) => string): void {
  const previous = useRef<string | null>(null);
  const openerRef = useRef(opener);
  openerRef.current = opener;
  useEffect(() => {
    const closed = previous.current;
    previous.current = openFor;
    if (closed && !openFor) document.querySelector<HTMLElement>(openerRef.current(CSS.escape(closed)))?.focus();
  }, [openFor]);
}
