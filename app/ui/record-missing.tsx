import { Link } from "react-router";

/**
 * A story, event or appeal page whose record does not exist or is not public (a 404), shown
 * inside the site's layout with a way back to the list (the route's meta gives its title).
 */
export function RecordMissing({
  what,
  listTo,
  listLabel,
}: {
  what: "Story" | "Event" | "Appeal";
  listTo: string;
  listLabel: string;
}) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{what} not found</h1>
      <p className="mt-4 max-w-lg text-slate-600">It may have been taken down, or the link may be mistyped.</p>
      <Link to={listTo} className="btn-primary mt-8">
        {listLabel}
      </Link>
    </section>
  );
}
