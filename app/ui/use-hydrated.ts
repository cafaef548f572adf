import { useEffect, useState } from "react";

/**
 * False during the server render and the first client render, true after hydration:
 * for behaviour that only makes sense once JavaScript runs (a button that JavaScript
 * alone could enable again must never be disabled without it).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
