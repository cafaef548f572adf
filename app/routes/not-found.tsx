import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/not-found";
import { FOUNDATION } from "~/components/layout/navigation";

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Al-Amanah Foundation" }];

export function loader() {
  return data(null, { status: 404 });
}

/**
 * Pages the site links to that are not part of this release yet: say so honestly. Each
 * leaves this list when its page lands; any other unknown address is a plain 404.
 */
const PLANNED_PAGES = ["/volunteer", "/contact"];

function isPlannedPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return PLANNED_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
}

export default function NotFound() {
  const { pathname } = useLocation();
  const planned = isPlannedPage(pathname);
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{planned ? "Not open yet" : "404"}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">
        {planned ? "This page isn't open yet" : "We couldn't find that page"}
      </h1>
      <p className="mt-4 max-w-lg text-slate-600">
        {planned ? (
          <>
            We are still preparing this part of the site. You can already give online; for anything else, write to us at{" "}
            <a href={`mailto:${FOUNDATION.email}`} className="font-medium text-brand-700 underline">
              {FOUNDATION.email}
            </a>
            .
          </>
        ) : (
          "The link may be old or the page may have moved. You can go back home, or read about Zakat and the work your giving supports."
        )}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Return to Home
        </Link>
        {planned ? (
          <Link to="/donate" className="btn-secondary">
            Donate
          </Link>
        ) : null}
        <Link to="/zakat-education" className="btn-secondary">
          Learn about Zakat
        </Link>
        <Link to="/about" className="btn-secondary">
          About us
        </Link>
      </div>
    </section>
  );
}
