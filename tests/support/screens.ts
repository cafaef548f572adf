import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
  useRouteError,
} from "react-router";
import { callWithRequest, ORIGIN } from "./routes";

type Screen = { default: ComponentType<never>; loader: (args: never) => unknown; ErrorBoundary?: ComponentType<never> };

/**
 * A page or screen rendered on the server as React Router would, from its real loader (and
 * a posted action's answer), down to the text a visitor reads. `params` are what the route
 * table would take from the address (a receipt's token).
 */
export async function screenText(
  module: Screen,
  url: string,
  actionData?: unknown,
  params?: Record<string, string>,
  headers?: Record<string, string>,
): Promise<string> {
  return textOf(await screenHtml(module, url, actionData, params, headers));
}

/**
 * The same page's HTML, for what text alone does not show (a field's value, a link's address). `headers`: a signed-in
 * donor's Cookie, say.
 */
export async function screenHtml(
  module: Screen,
  url: string,
  actionData?: unknown,
  params?: Record<string, string>,
  headers?: Record<string, string>,
): Promise<string> {
  const Page = () =>
    createElement(module.default, {
      loaderData: useLoaderData(),
      actionData: actionData ?? useActionData(),
      params: {},
      matches: [],
    } as never);
  // As the framework renders a route module's boundary: with the error it caught.
  const Boundary = () =>
    createElement(module.ErrorBoundary!, { error: useRouteError(), params: {}, matches: [] } as never);
  const handler = createStaticHandler([
    {
      id: "screen",
      path: "*",
      loader: async ({ request }) => {
        // What the loader threw, it throws here too, so that the screen's error boundary answers.
        const answer = await callWithRequest(module.loader, request, { params });
        if (answer instanceof Error || answer instanceof Response) throw answer;
        return answer;
      },
      Component: Page,
      ErrorBoundary: module.ErrorBoundary && Boundary,
    },
  ]);
  const context = await handler.query(new Request(new URL(url, ORIGIN), { headers }));
  if (context instanceof Response) throw new Error(`The screen answered ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, {
      router: createStaticRouter(handler.dataRoutes, context),
      context,
      hydrate: false,
    }),
  );
}

/** React marks where two pieces of text meet with a comment: they are one run of text. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
