import { Link, useLocation } from "react-router";
import { formatCount } from "~/shared/money";

/**
 * "Showing 26–50 of 1,234" with Previous and Next links that keep the other query
 * parameters. A capped total (a broad search) reads "of 1,000+" and pages on.
 */
export function Pagination({
  page,
  pageSize,
  total,
  capped = false,
  rowsOnPage,
  label,
  transient = [],
  param = "page",
}: {
  page: number;
  pageSize: number;
  total: number;
  capped?: boolean;
  rowsOnPage: number;
  label: string;
  /** Query parameters that belong to this page only (an open form, a confirmation). */
  transient?: string[];
  /** The query parameter holding this list's page, for a screen with two paged lists. */
  param?: string;
}) {
  const { pathname, search } = useLocation();
  // Past the end of a broad search ("1,000+" is not where its last page lies): a way back.
  const pastTheEnd = capped && rowsOnPage === 0 && page > 1;
  if (!pastTheEnd && (total === 0 || rowsOnPage === 0)) return null;
  const first = (page - 1) * pageSize + 1;
  const last = first + rowsOnPage - 1;
  const hasNext = capped ? rowsOnPage === pageSize : last < total;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    for (const name of transient) params.delete(name);
    if (target <= 1) params.delete(param);
    else params.set(param, String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p>
        {pastTheEnd ? (
          <>No more matches past {formatCount(total)}+</>
        ) : (
          <>
            Showing {formatCount(first)}–{formatCount(last)} of{" "}
            {capped && last > total ? `more than ${formatCount(total)}` : formatCount(total)}
            {capped && last <= total ? "+" : ""}
          </>
        )}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className="btn-secondary px-3 py-1.5" rel="prev">
            Previous
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={hrefFor(page + 1)} className="btn-secondary px-3 py-1.5" rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** The 1-based page number from ?page= (or another parameter), never below 1. */
export function pageFrom(url: URL, param = "page"): number {
  const page = Number(url.searchParams.get(param) ?? 1);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
