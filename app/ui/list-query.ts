import { useLocation } from "react-router";

/**
 * Links within a staff list that keep its search, filter and page: `listLink({delete: "7"})`
 * opens a confirmation over the same rows, `listLink()` returns to them. The parameters
 * named `transient` (an open confirmation, a notice) are dropped first.
 */
export function useListLink(transient: string[]): (changes?: Record<string, string>) => string {
  const { pathname, search } = useLocation();
  return (changes = {}) => {
    const params = new URLSearchParams(search);
    for (const name of transient) params.delete(name);
    for (const [name, value] of Object.entries(changes)) params.set(name, value);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}
