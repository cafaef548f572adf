/**
 * The `handle` of a page every visitor without a session sees alike (what it shows
 * depends only on its address and on what staff published): the server keeps it
 * rendered and serves the same bytes to all of them. A page that reads a cookie, a
 * visitor's address or a one-off token must not carry it.
 */
export const SAME_FOR_EVERY_VISITOR = { sameForEveryVisitor: true } as const;

export function isSameForEveryVisitor(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { sameForEveryVisitor?: unknown }).sameForEveryVisitor === true
  );
}

/**
 * Set by the app on an answer it rendered for every visitor alike, read and removed by
 * the server, which keeps the answer (never sent to the client).
 */
export const KEEP_FOR_VISITORS_HEADER = "X-Keep-For-Visitors";
