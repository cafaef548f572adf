import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, requestBodyProblem } from "./request-limits.server";

describe("request body limits", () => {
  it("lets ordinary requests through", () => {
    expect(requestBodyProblem("GET", "/", undefined, undefined)).toBeNull();
    expect(requestBodyProblem("POST", "/newsletter", "120", undefined)).toBeNull();
    expect(requestBodyProblem("PATCH", "/api/contact/1/resolve", undefined, undefined)).toBeNull();
  });

  it("refuses bodies over the limit and streamed bodies of unknown size", () => {
    expect(requestBodyProblem("POST", "/admin/login", String(MAX_BODY_BYTES + 1), undefined)?.status).toBe(413);
    expect(requestBodyProblem("PUT", "/api/settings/x", undefined, "chunked")?.status).toBe(411);
  });
});
