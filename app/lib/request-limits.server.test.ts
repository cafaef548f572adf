import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES, requestBodyProblem } from "./request-limits.server";

describe("request body limits", () => {
  it("lets ordinary requests through", () => {
    expect(requestBodyProblem("GET", "/", undefined, undefined)).toBeNull();
    expect(requestBodyProblem("POST", "/newsletter", "120", undefined)).toBeNull();
    expect(requestBodyProblem("PATCH", "/api/contact/1/resolve", undefined, undefined)).toBeNull();
  });

  it("lets the admin upload screens take a video, and nothing more", () => {
    expect(requestBodyProblem("POST", "/admin/media", String(40 * 1024 * 1024), undefined)).toBeNull();
    expect(requestBodyProblem("POST", "/admin/stories.data", String(40 * 1024 * 1024), undefined)).toBeNull();
    expect(requestBodyProblem("POST", "/admin/media", String(MAX_UPLOAD_BODY_BYTES + 1), undefined)?.status).toBe(413);
    expect(requestBodyProblem("POST", "/admin/settings", String(2 * 1024 * 1024), undefined)?.status).toBe(413);
  });

  it("refuses bodies over the limit and streamed bodies of unknown size", () => {
    expect(requestBodyProblem("POST", "/admin/login", String(MAX_BODY_BYTES + 1), undefined)?.status).toBe(413);
    expect(requestBodyProblem("PUT", "/api/settings/x", undefined, "chunked")?.status).toBe(411);
  });
});
