import { UNSAFE_ErrorResponseImpl } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { expectLoggedError } from "../support/routes";

/**
 * The server log keeps faults on our side whole and a refused request to one line, so
 * that a fuzzer or a bot cannot bury a real failure under thousands of stack traces.
 */
const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
afterEach(() => warn.mockClear());

const ORIGIN = "http://127.0.0.1:3000";
const post = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", headers });

/** What the router throws for a post to a page without a form: its own error response. */
const routerRefusal = (status: number, statusText: string) => new UNSAFE_ErrorResponseImpl(status, statusText, null);

describe("the server log", () => {
  it("gives a request the router refuses one line, without a stack", () => {
    handleError(routerRefusal(405, "Method Not Allowed"), {
      request: post("/about"),
      params: {},
      context: undefined as never,
    });
    expect(warn.mock.calls.map((call) => call.join(" "))).toEqual(["Refused POST /about (405 Method Not Allowed)"]);
  });

  it("gives a post from another site one line", () => {
    const refused = new Error(
      "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
    );
    handleError(refused, {
      request: post("/contact", { Origin: "https://elsewhere.example" }),
      params: {},
      context: undefined as never,
    });
    expect(warn.mock.calls.map((call) => call.join(" "))).toEqual([
      "Refused a cross-site POST /contact (from https://elsewhere.example)",
    ]);
  });

  it("logs a fault on our side whole", () => {
    handleError(new Error("no such table: donations"), {
      request: post("/donate", { Origin: ORIGIN }),
      params: {},
      context: undefined as never,
    });
    expect(warn).not.toHaveBeenCalled();
    expectLoggedError(/no such table: donations/);
  });

  it("says nothing of a request the visitor abandoned", () => {
    const controller = new AbortController();
    controller.abort();
    const request = new Request(`${ORIGIN}/stories`, { signal: controller.signal });
    handleError(new Error("aborted"), { request, params: {}, context: undefined as never });
    expect(warn).not.toHaveBeenCalled();
  });
});
