import { parseQueryFlag } from "~/shared/query-flags";
import { parseRecordId } from "~/shared/record-id";
import { WebhookSignatureError } from "~/lib/payments/gateway";
import { isVisitorFetch } from "~/lib/page-cache/visitor-request.server";
import { KEEP_FOR_VISITORS_HEADER } from "~/lib/page-cache/visitor-pages";
import { isSameOriginRequest, MUTATING_METHODS } from "./same-origin.server";
import {
  ConflictError,
  NotFoundError,
  PaymentProviderError,
  TooManyRequestsError,
  ForbiddenError,
  ValidationError,
} from "./service-errors";

/**
 * The JSON API's plumbing: every handler is parse -> authorize -> service -> JSON, and
 * every failure becomes `{detail}` with a fitting status, never a 500 for bad input.
 */

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

export function apiError(
  status: number,
  detail: string,
  headers?: HeadersInit,
  extra?: Record<string, unknown>,
): Response {
  return Response.json({ detail, ...extra }, { status, headers });
}

/** Reads a JSON object body. Empty bodies count as `{}`; anything else unparsable is a 400. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, "Request body must be valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiError(400, "Request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/**
 * A complete JSON array streamed from batches, for lists the API must return whole
 * (the original API client asks for every donation): memory stays flat however long it is.
 * The first batch is read before answering, so a query that fails at once is a proper
 * error answer rather than a cut-off 200.
 */
export async function jsonArrayResponse<T>(batches: AsyncIterable<T[]>): Promise<Response> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T[]>> | null = Promise.resolve(await iterator.next());
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await (pending ?? iterator.next());
      pending = null;
      if (done) {
        controller.enqueue(encoder.encode(started ? "]" : "[]"));
        controller.close();
        return;
      }
      const items = value.map((item) => JSON.stringify(item)).join(",");
      if (!items) return;
      controller.enqueue(encoder.encode(`${started ? "," : "["}${items}`));
      started = true;
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}

/** Maps a service error to its JSON answer; unexpected errors are logged and hidden. */
export function errorToApiResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof ValidationError) return apiError(422, error.message, undefined, { errors: error.fieldErrors });
  if (error instanceof NotFoundError) return apiError(404, error.message);
  if (error instanceof ForbiddenError) return apiError(403, error.message);
  if (error instanceof ConflictError) return apiError(409, error.message);
  if (error instanceof WebhookSignatureError)
    return apiError(400, `Webhook signature verification failed: ${error.message}`);
  if (error instanceof PaymentProviderError) {
    console.error(`${error.message}:`, error.cause ?? error);
    return apiError(502, error.message);
  }
  if (error instanceof TooManyRequestsError) {
    return apiError(429, error.message, { "Retry-After": String(error.retryAfterSeconds) });
  }
  // Services signal "not signed in" (e.g. a wrong password) with a status-401 error.
  if (error instanceof Error && "status" in error && error.status === 401) return apiError(401, error.message);
  console.error("Unexpected API error:", error);
  return apiError(500, "Internal server error");
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A public read every visitor sees alike (what it answers depends only on its address and
 * on what staff published): answered to a visitor without a session or token, it is kept
 * by the server's page cache like a public page. Staff, with their token or cookie, always
 * get a fresh answer.
 */
export function sameForEveryVisitor<Args extends { request: Request }>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    const response = await handler(args);
    if (!isVisitorFetch(args.request)) {
      // Staff's answer (drafts included): no shared cache may keep it for visitors.
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
      response.headers.append("Vary", "Authorization, Cookie");
    } else if (response.status === 200) response.headers.set(KEEP_FOR_VISITORS_HEADER, "1");
    return response;
  };
}

/**
 * One API resource: its handlers by method, served as both the route's loader (GET, HEAD)
 * and its action (the rest). An unlisted method is a 405 `{detail}` naming the allowed
 * ones; a change sent by a browser from another site is a 403; a thrown service error
 * becomes its JSON answer.
 *
 *   const resource = apiResource<Route.LoaderArgs>({ GET: ..., PUT: ... });
 *   export const loader = resource;
 *   export const action = resource;
 */
export function apiResource<Args extends { request: Request }>(
  handlers: Partial<Record<Method, (args: Args) => Promise<Response>>>,
) {
  return async (args: Args): Promise<Response> => {
    const method = (args.request.method === "HEAD" ? "GET" : args.request.method) as Method;
    const handler = handlers[method];
    if (!handler) return apiError(405, "Method not allowed", { Allow: Object.keys(handlers).join(", ") });
    // A browser posting for another site (a contact message, a signup, a checkout) is
    // refused, so no page elsewhere can send them in its visitors' names and addresses.
    // A bearer token is never sent by a browser on its own, so the original API client passes.
    const bearer = /^Bearer\s/i.test(args.request.headers.get("Authorization") ?? "");
    if (MUTATING_METHODS.has(method) && !bearer && !isSameOriginRequest(args.request)) {
      return apiError(403, "Cross-site request refused");
    }
    try {
      return await handler(args);
    } catch (error) {
      return errorToApiResponse(error);
    }
  };
}

/**
 * A 422 for an address's bad query, shaped like every other 422: `{detail, errors}`, each
 * problem under the parameter it is about. Problems are written "name must ..." and joined
 * with "; " by the filter readers, so the parameter is each problem's first word.
 */
export function badQuery(problem: string): Response {
  const errors: Record<string, string[]> = {};
  for (const message of problem.split("; ")) {
    const parameter = /^[a-z_]+/.exec(message)?.[0] ?? "";
    (errors[parameter] ??= []).push(message);
  }
  return apiError(422, problem, undefined, { errors });
}

/** A query flag: `true`/`1` and `false`/`0`; anything else is a 422. */
export function queryFlag(url: URL, name: string, fallback = false): boolean {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return fallback;
  const flag = parseQueryFlag(raw);
  if (flag === null) throw badQuery(`${name} must be true or false`);
  return flag;
}

/** Optional paging: `limit` and `offset` as non-negative integers. */
export function queryPage(url: URL): { limit?: number; offset?: number } {
  const read = (name: string, max: number) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === "") return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw badQuery(`${name} must be a whole number between 0 and ${max}`);
    }
    return value;
  };
  return { limit: read("limit", 1000), offset: read("offset", 1_000_000_000) };
}

/**
 * A staff list's GET: streamed whole, a batch at a time (jsonArrayResponse), unless the
 * address asks for a page (`limit`, `offset`), which is read and answered at once.
 */
export async function listAnswer<T>(
  url: URL,
  read: { whole: () => AsyncIterable<T[]>; page: (page: { limit?: number; offset?: number }) => Promise<T[]> },
): Promise<Response> {
  const page = queryPage(url);
  if (page.limit === undefined && !page.offset) return jsonArrayResponse(read.whole());
  return json(await read.page(page));
}

/** The answer to a DELETE that worked: nothing more to say. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A numeric id from the path; anything else names nothing, so it is a 404. */
export function idParam(raw: string | undefined): number {
  const id = parseRecordId(raw);
  if (id === null) throw apiError(404, "Not found");
  return id;
}
