import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";

/**
 * What an admin screen shows, inside the admin layout, when its loader or action throws: the
 * screen's name, that it could not be read, and the way back, never a half-empty table
 * that looks like "no records". The error itself is logged by entry.server's handleError.
 */
export function ScreenError({ screen }: { screen: string }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const refused = isRouteErrorResponse(error) && error.status < 500;
  return (
    <section role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
      <h1 className="text-lg font-semibold">
        {refused ? `${screen}: ${error.status} ${error.statusText}` : `${screen} could not be loaded`}
      </h1>
      <p className="mt-1 text-sm">
        {refused
          ? "This request was refused."
          : "Something went wrong while reading them. Please try again in a moment; if it keeps happening, the server's log says why."}
      </p>
      <a href={`${pathname}${search}`} className="mt-3 inline-block text-sm font-semibold underline">
        Try again
      </a>
    </section>
  );
}
