/**
 * React Router also answers every address with ".data" on the end (the requests its
 * scripts make for a page's data): it runs the same loader and wraps whatever comes back
 * in its own format. For a private download (a proof, the ledger's CSV) that would be the
 * file's bytes without the download's own headers: no `Content-Disposition`, no
 * `Cache-Control: no-store`. Such routes answer their ".data" address 404 instead.
 */
export function isDataRequest(request: Request): boolean {
  // The request's own address: the loader's `url` argument has ".data" taken off.
  return new URL(request.url).pathname.endsWith(".data");
}
