import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { preparePage, sendPage } from "~/lib/page-cache/cached-page.server";
import { pageCache, visitorRenderOf, type VisitorRender } from "~/lib/page-cache/page-cache.server";
import { KEEP_FOR_VISITORS_HEADER } from "~/lib/page-cache/visitor-pages";
import { loggedAddress } from "./logged-address.server";

/**
 * Serves the React Router app from Express, as @react-router/express does, except for
 * how response bodies are written. The 7.18 adapter races every chunk against one
 * long-lived promise, which keeps every chunk of a response in memory until it ends
 * (remix-run/react-router#15247, fixed only in 8.4, which needs Node 22): a 100,000-row
 * CSV export would be held whole. Node's own pipeline writes with backpressure and
 * keeps nothing, and stops the source when the client goes away.
 */
export function createExpressRequestHandler(
  build: ServerBuild,
  getLoadContext: (req: ExpressRequest) => RouterContextProvider,
) {
  const handleRequest = createRequestHandler(build, "production");
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    // A request line naming a whole URL ("GET http://host/path") is a proxy's, not a browser's.
    if (!req.originalUrl.startsWith("/")) {
      res.status(400).type("text/plain").send("Bad request");
      return;
    }
    // Taken before the app reads anything: a change made while it renders leaves the page unkept.
    const visitor = visitorRenderOf(req, req.app.enabled("trust proxy"));
    try {
      const response = await handleRequest(toFetchRequest(req, res), getLoadContext(req));
      if (response.headers.has(KEEP_FOR_VISITORS_HEADER)) await keepAndSend(req, res, response, visitor);
      else {
        // Visitors asking for it again need not wait for one another's render (a HEAD says nothing of it).
        if (visitor && req.method === "GET") pageCache.answeredUnkept(visitor.key);
        await sendResponse(res, response);
      }
    } catch (error) {
      next(error);
    }
  };
}

/** The incoming request as a Fetch Request, with the same host rules as @react-router/express. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value) headers.set(name, value);
  }
  // Loaders can stop work the client no longer waits for.
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * An answer the app rendered alike for every visitor: kept by the page cache (when it was
 * a visitor's read and set no cookie) and sent the way kept pages are, compressed once,
 * with its ETag.
 */
async function keepAndSend(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  visitor: VisitorRender | undefined,
) {
  response.headers.delete(KEEP_FOR_VISITORS_HEADER);
  // A HEAD's answer has no body: kept, it would be sent empty to the GETs that follow.
  if (!visitor || req.method !== "GET" || response.status !== 200 || response.headers.has("Set-Cookie")) {
    if (visitor && req.method === "GET") pageCache.answeredUnkept(visitor.key);
    return sendResponse(res, response);
  }
  const body = Buffer.from(await response.arrayBuffer());
  // The headers set before the app ran (the security headers) belong to the kept page too.
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined) headers.push([name, String(item)]);
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  headers.push(...response.headers.entries());
  const page = await preparePage(response.status, headers, body, visitor.startedAt);
  pageCache.keep(visitor.key, page, visitor.generation);
  if (res.destroyed || res.writableEnded) return;
  sendPage(req, res, page);
}

const CLIENT_GONE = new Set(["ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE", "ABORT_ERR"]);

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
  } catch (error) {
    // The response has started, so the client only sees the connection close. A client
    // that left mid-download is not a server error; anything else is logged.
    const code = (error as { code?: string }).code ?? "";
    if (!CLIENT_GONE.has(code))
      console.error(`Response to ${res.req.method} ${loggedAddress(res.req.originalUrl)} failed mid-stream:`, error);
  }
}
