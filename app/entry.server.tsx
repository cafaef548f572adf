import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { NonceProvider } from "~/ui/nonce";
import { clientAddressContext } from "~/lib/request-context";
import { documentContentSecurityPolicy, securityHeadersFor as headersFor } from "~/lib/security-headers.server";
import { inlineScriptHashes } from "~/lib/page-cache/script-hashes.server";
import { VISITOR_CACHE_CONTROL, VISITOR_VARY } from "~/lib/page-cache/cached-page.server";
import { isVisitorFetch } from "~/lib/page-cache/visitor-request.server";
import { isSameForEveryVisitor, KEEP_FOR_VISITORS_HEADER } from "~/lib/page-cache/visitor-pages";
import { isSameOriginRequest, MUTATING_METHODS } from "~/lib/same-origin.server";

import { getEnv } from "~/lib/env.server";

// What server.mjs needs from the compiled app: start-up, configuration and headers.
export { getEnv } from "~/lib/env.server";
export { closeDb } from "~/lib/db.server";
export { answersWithPage, bodyProblemPage, requestBodyProblem } from "~/lib/request-limits.server";
export { createExpressRequestHandler } from "~/lib/express-adapter.server";
export { withKeptPages } from "~/lib/page-cache/page-cache.server";
export { startMailDelivery } from "~/mail/queue/index.server";
export { startRamadanCharges } from "~/giving/ramadan-nights/index.server";
export { startZakatReminders } from "~/donors/zakat-reminders/index.server";
export { startApplicationDocumentDeadlines } from "~/applications/documents/index.server";
export { bootstrap, describeStartup } from "~/staff/startup/index.server";
export { runAdminPasswordCli } from "~/staff/accounts/index.server";
export { runRotateDataKeyCli, startApplicationRetention } from "~/applications/privacy/index.server";

export function securityHeadersFor(pathname: string, isHttps: boolean): Record<string, string> {
  return headersFor(pathname, isHttps, getEnv().PUBLIC_URL);
}

export const streamTimeout = 5_000;

/**
 * What the server log says when React Router catches an error. A request the router
 * itself refuses (a post to a page that takes none, an address that is not there) is the
 * asker's mistake: one line, no stack. Anything else is ours, and is logged whole.
 * Interrupted requests (the visitor left) are not errors at all.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(`Refused ${request.method} ${path} (${error.status} ${error.statusText})`);
    return;
  }
  // The router aborts a post from another site before any action runs (answered 400).
  if (MUTATING_METHODS.has(request.method) && !isSameOriginRequest(request)) {
    console.warn(
      `Refused a cross-site ${request.method} ${path} (from ${request.headers.get("Origin") ?? "another site"})`,
    );
    return;
  }
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

/** Used by server.mjs: what the server knows about a request that the Request object does not. */
export function getLoadContext(clientAddress: string | undefined): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress ?? "unknown");
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const forEveryVisitor = isPageForEveryVisitor(routerContext);
  if (forEveryVisitor && !isVisitorFetch(request)) markMadeForOnePerson(responseHeaders);
  else if (forEveryVisitor && responseStatusCode === 200 && !isPrivate(responseHeaders)) {
    if (request.method.toUpperCase() === "GET") return renderForEveryVisitor(request, responseHeaders, routerContext);
    // A HEAD is told what a GET would be (its body, and so its ETag, is not made).
    responseHeaders.set("Cache-Control", VISITOR_CACHE_CONTROL);
    responseHeaders.set("Vary", VISITOR_VARY);
  }
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set(
    "Content-Security-Policy",
    documentContentSecurityPolicy({ nonce }, process.env.NODE_ENV === "production"),
  );

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Whether the page asked for is one every visitor sees alike (its own route says so). */
function isPageForEveryVisitor(routerContext: EntryContext): boolean {
  const { matches, errors } = routerContext.staticHandlerContext;
  const page = matches.at(-1);
  return !errors && page !== undefined && isSameForEveryVisitor(routerContext.routeModules[page.route.id]?.handle);
}

/**
 * A page visitors are served kept, rendered here for a signed-in person: no shared cache
 * may keep it or hand it to anyone else.
 */
function markMadeForOnePerson(headers: Headers): void {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
  headers.append("Vary", "Cookie");
}

/** A page that said it is one visitor's own (a reminder's kept figures) is never kept, whatever its route. */
function isPrivate(headers: Headers): boolean {
  return /\b(private|no-store)\b/i.test(headers.get("Cache-Control") ?? "");
}

/**
 * A page served alike to every visitor, rendered whole before anything is sent so the
 * server can keep its bytes: no nonce (one page, many responses), its inline scripts
 * allowed by their hashes instead. A page that failed to render is answered, not kept.
 */
async function renderForEveryVisitor(
  request: Request,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  // The app's own scripts are told apart by a mark only this render knows; the hashes are
  // of those alone (markup that slipped a script into a page would not be allowed), and
  // the mark is taken out before the page is kept.
  const mark = randomBytes(16).toString("base64url");
  const rendered = await renderWhole(request, routerContext, mark);
  const hashes = inlineScriptHashes(rendered.html, mark);
  const html = rendered.html.replaceAll(` nonce="${mark}"`, "");
  const failed = rendered.failed;
  const isProduction = process.env.NODE_ENV === "production";
  responseHeaders.set("Content-Security-Policy", documentContentSecurityPolicy({ hashes }, isProduction));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!failed) responseHeaders.set(KEEP_FOR_VISITORS_HEADER, "1");
  return new Response(html, { status: failed ? 500 : 200, headers: responseHeaders });
}

function renderWhole(
  request: Request,
  routerContext: EntryContext,
  mark: string,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => {
      clearTimeout(timeoutId);
      resolve({ html: Buffer.concat(chunks).toString("utf8"), failed });
    });
    body.on("error", reject);
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const page = (
      <NonceProvider value={mark}>
        <ServerRouter context={routerContext} url={request.url} nonce={mark} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: mark,
      onAllReady() {
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    });
  });
}
