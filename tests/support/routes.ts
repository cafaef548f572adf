import { RouterContextProvider } from "react-router";
import { expect, vi } from "vitest";
import { adminContext, clientAddressContext } from "~/lib/request-context";
import type { Admin } from "~/staff/accounts";

/**
 * Calls a route's loader, action or middleware the way React Router would, with a real
 * Request, and hands back what a client would receive: a Response (thrown or returned)
 * or the data React Router would serialise.
 */
type RouteFunction = (args: never) => unknown;

export interface CallOptions {
  method?: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  clientAddress?: string;
  context?: RouterContextProvider;
}

export const ORIGIN = "http://localhost:3000";

export function makeRequest(pathname: string, options: CallOptions = {}): Request {
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (typeof options.body === "string") {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("Content-Type", "application/json");
  }
  return new Request(new URL(pathname, ORIGIN), { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

/**
 * The person the admin area's guard hands a screen's loader and action: an owner, so that a
 * test of a screen sees all of it (which roles reach which screen is the route × role test's).
 */
export const SCREEN_OWNER: Admin = { id: 0, username: "owner", name: "Owner", email: "", roles: ["owner"] };

export function makeContext(clientAddress = "203.0.113.10", admin: Admin | null = SCREEN_OWNER): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress);
  context.set(adminContext, admin);
  return context;
}

/** A screen's loader arguments as the admin layout hands them, for a loader called directly. */
export function asOwner() {
  return { context: makeContext() } as never;
}

export async function callRoute(fn: RouteFunction, pathname: string, options: CallOptions = {}): Promise<unknown> {
  return callWithRequest(fn, makeRequest(pathname, options), options);
}

/** Calls a route function with a Request built by the test (a multipart upload, say). */
export async function callWithRequest(
  fn: RouteFunction,
  request: Request,
  options: CallOptions = {},
): Promise<unknown> {
  const context = options.context ?? makeContext(options.clientAddress);
  try {
    return await (fn as (args: unknown) => unknown)({
      request,
      params: options.params ?? {},
      context,
      pattern: new URL(request.url).pathname,
      url: new URL(request.url),
    });
  } catch (thrown) {
    return thrown;
  }
}

/** A multipart POST as a browser sends an upload form. */
export function multipartRequest(
  pathname: string,
  fields: Record<string, string | { data: Uint8Array; name: string; type: string }>,
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  return new Request(new URL(pathname, ORIGIN), { method: "POST", body: form });
}

/** The JSON body and status of an API answer. */
export async function callApi(fn: RouteFunction, pathname: string, options: CallOptions = {}) {
  // An API handler finds the person from the request's token or cookie, as it does when called on its own.
  const context = options.context ?? makeContext(options.clientAddress, null);
  const response = await callRoute(fn, pathname, { ...options, context });
  expect(response).toBeInstanceOf(Response);
  const res = response as Response;
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** For data({...}, {status}) results: their status and data. */
export function unwrapData(result: unknown): { status: number; data: unknown; headers?: HeadersInit } {
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const value = result as { data: unknown; init?: ResponseInit };
    return { status: value.init?.status ?? 200, data: value.data, headers: value.init?.headers };
  }
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  return { status: 200, data: result };
}

/** For tests that provoke an error the server is meant to log. */
export function expectLoggedError(pattern: RegExp): void {
  const spy = vi.mocked(console.error);
  expect(spy.mock.calls.map((call) => call.map(String).join(" ")).join("\n")).toMatch(pattern);
  spy.mockClear();
}
