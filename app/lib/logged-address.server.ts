/**
 * An address as the server's log may show it: a key carried in the path (a resume link, an
 * invitation, a card link) or in the query (`?token=`) opens someone's data, so it never
 * reaches the log; the rest of the address stays, for finding the route.
 */
const KEY_SEGMENT = /^[A-Za-z0-9_-]{20,}$/;

export function loggedAddress(address: string): string {
  const [path = "", query] = address.split("?", 2);
  const safePath = path
    .split("/")
    .map((segment) => (KEY_SEGMENT.test(segment) ? "(key)" : segment))
    .join("/");
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) params.set(name, "(hidden)");
  return `${safePath}?${params.toString().replace(/%28hidden%29/g, "(hidden)")}`;
}
