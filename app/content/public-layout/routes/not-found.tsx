import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = PAGE_WITHOUT_SCRIPTS;

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Al-Amanah Foundation" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">We couldn't find that page</h1>
      <p className="mt-4 max-w-lg text-slate-600">
        The link may be old or the page may have moved. You can go back home, or read about Zakat and the work your
        giving supports.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Return to Home
        </Link>
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
