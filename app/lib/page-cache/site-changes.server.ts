/**
 * "Something visitors see has changed": said when staff (or anything else) write what a
 * public page shows, heard by the page cache, which then forgets every page at once.
 * Gifts are not announced here: they change figures only, which the cache refreshes on
 * its own within seconds, so a surge of gifts never empties it.
 */
type Callback = () => void;

/** A set of callbacks, all called at once; adding one returns the function that removes it. */
function callbacks() {
  const set = new Set<Callback>();
  return {
    callAll: () => set.forEach((callback) => callback()),
    add(callback: Callback): () => void {
      set.add(callback);
      return () => set.delete(callback);
    },
  };
}

const listeners = callbacks();
const outsideChecks = callbacks();

export const noteSiteChange: () => void = listeners.callAll;

/** Returns the function that stops listening. */
export const onSiteChange: (listener: Callback) => () => void = listeners.add;

/**
 * Asks whoever can see writes made outside this process (a command-line tool, another
 * process on the same database) to say so now: the page cache asks before serving a page.
 */
export const lookForOutsideChanges: () => void = outsideChecks.callAll;

/** Returns the function that removes the check. */
export const addOutsideChangeCheck: (check: Callback) => () => void = outsideChecks.add;
