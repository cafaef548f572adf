/**
 * A flag in a query string, as the original API client sends it (`true`/`false`) or as people
 * type it (`1`/`0`, any case): true or false, or null when it is something else.
 */
export function parseQueryFlag(raw: string): boolean | null {
  const value = raw.toLowerCase();
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return null;
}
