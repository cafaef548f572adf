/**
 * "Something visitors see has changed": said when staff (or anything else) write what a
 * public page shows, heard by the page cache, which then forgets every page at once.
 * Gifts are not announced here: they change figures only, which the cache refreshes on
 * its own within seconds, so a surge of gifts never empties it.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function noteSiteChange(): void {
  for (const listener of listeners) listener();
}

/** Returns the function that stops listening. */
export function onSiteChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Check = () => void;

const outsideChecks = new Set<Check>();

/**
 * Asks whoever can see writes made outside this process (a command-line tool, another
 * process on the same database) to say so now: the page cache asks before serving a page.
 */
export function lookForOutsideChanges(): void {
  for (const check of outsideChecks) check();
}

/** Returns the function that removes the check. */
export function addOutsideChangeCheck(check: Check): () => void {
  outsideChecks.add(check);
  return () => outsideChecks.delete(check);
}
