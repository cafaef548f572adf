import { Links, Meta, Outlet, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { useEffect } from "react";
import { useNonce } from "~/ui/nonce";
import { PageScripts } from "~/ui/page-scripts";
import { markDocumentReady } from "~/ui/use-focus-on-arrival";
import { TestModeNotice } from "~/ui/test-mode-notice";
import { AdminErrorPage, refusedPerson } from "~/staff/admin-layout/index.ui";
import { paymentMode } from "~/lib/env.server";
import { foundationContact } from "~/lib/organisation.server";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function loader() {
  return { paymentMode: paymentMode(), contact: foundationContact() };
}

// The payment mode and the foundation's contact details are fixed for the life of the process.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {rootData && rootData.paymentMode !== "live" ? <TestModeNotice mode={rootData.paymentMode} /> : null}
        {children}
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Effects run children first: every component of the first page has mounted by now.
  useEffect(markDocumentReady, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // An error page can be the first page shown: what the visitor opens next arrives by navigation.
  useEffect(markDocumentReady, []);
  // An admin screen refused to a person's roles is refused before any loader runs, so it lands
  // here rather than in the admin layout; the refusal carries the person, and the frame is drawn.
  const refused = refusedPerson(error);
  if (refused) return <AdminErrorPage error={error} person={refused} />;
  let heading = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    heading = error.status === 404 ? "Page not found" : `${error.status} ${error.statusText}`;
    message = error.status === 404 ? "The page you were looking for does not exist." : message;
    // A refused request (a form that is not a web form, say) says why in its `detail`; so does
    // a part of the site not open yet (503: the applications without their data key).
    const said =
      error.status < 500 || error.status === 503
        ? (error.data as { detail?: unknown; heading?: unknown } | null)
        : null;
    if (typeof said?.detail === "string") message = said.detail;
    if (typeof said?.heading === "string") heading = said.heading;
  }
  return (
    <main className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <title>{`${heading} | Al-Amanah Foundation`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <a href="/" className="btn-primary mt-8">
        Return to Home
      </a>
    </main>
  );
}
