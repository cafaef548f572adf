import { describe, expect, it } from "vitest";
import { MAX_PROOF_BYTES } from "~/funds/ledger";
import { MAX_DOCUMENT_BYTES } from "~/applications/documents";
import {
  answersWithPage,
  bodyProblemPage,
  MAX_BODY_BYTES,
  MAX_DOCUMENT_BODY_BYTES,
  MAX_PROOF_BODY_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  requestBodyProblem,
} from "./request-limits.server";

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

  it("lets the ledger take a proof document of the size its form promises, with its fields, and nothing more", () => {
    const tenMegabyteProof = String(MAX_PROOF_BYTES + 20 * 1024);
    expect(MAX_PROOF_BYTES).toBe(10 * 1024 * 1024);
    expect(requestBodyProblem("POST", "/admin/funds/ledger", tenMegabyteProof, undefined)).toBeNull();
    expect(requestBodyProblem("POST", "/admin/funds/ledger.data", tenMegabyteProof, undefined)).toBeNull();
    expect(
      requestBodyProblem("POST", "/admin/funds/ledger", String(MAX_PROOF_BODY_BYTES + 1), undefined),
    ).toMatchObject({ status: 413, limit: MAX_PROOF_BODY_BYTES });
    // The other funds screens carry no file.
    expect(requestBodyProblem("POST", "/admin/funds", String(2 * 1024 * 1024), undefined)?.status).toBe(413);
    expect(requestBodyProblem("POST", "/admin/funds/ledger.csv", String(2 * 1024 * 1024), undefined)?.status).toBe(413);
  });

  it("lets a family's page take a document of the size its form promises, and a file over it to refuse itself", () => {
    expect(MAX_DOCUMENT_BYTES).toBe(10 * 1024 * 1024);
    const tenMegabytes = String(MAX_DOCUMENT_BYTES + 20 * 1024);
    expect(requestBodyProblem("POST", "/my-application", tenMegabytes, undefined)).toBeNull();
    // An 11 MB file reaches the page, which answers beside its field.
    expect(requestBodyProblem("POST", "/my-application", String(11 * 1024 * 1024), undefined)).toBeNull();
    expect(requestBodyProblem("POST", "/my-application.data", tenMegabytes, undefined)).toBeNull();
    expect(requestBodyProblem("POST", "/my-application", String(MAX_DOCUMENT_BODY_BYTES + 1), undefined)).toMatchObject(
      { status: 413, limit: MAX_DOCUMENT_BODY_BYTES },
    );
    expect(requestBodyProblem("POST", "/my-application/sign-in", tenMegabytes, undefined)?.status).toBe(413);
  });

  it("answers a browser's form post with a page in words, and API clients and data requests with JSON", () => {
    const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    expect(answersWithPage("/admin/funds/ledger", browser)).toBe(true);
    expect(answersWithPage("/contact", browser)).toBe(true);
    expect(answersWithPage("/admin/funds/ledger.data", "*/*")).toBe(false);
    expect(answersWithPage("/api/donations/", browser)).toBe(false);
    expect(answersWithPage("/contact", "application/json")).toBe(false);

    const problem = requestBodyProblem("POST", "/admin/funds/ledger", String(MAX_PROOF_BODY_BYTES + 1), undefined)!;
    const page = bodyProblemPage(
      problem,
      "http://charity.example/admin/funds/ledger?fund=2&record=1",
      "charity.example",
    );
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain("<h1>The form was too large to send</h1>");
    expect(page).toContain("comes to more than this form takes: 10 MB in all. Nothing was saved.");
    expect(page).toContain("Back button: what you typed is usually still there");
    expect(page).toContain('<a href="/admin/funds/ledger?fund=2&#38;record=1">Open the form again</a>');
    // Another site's address is never offered as the way back.
    expect(bodyProblemPage(problem, "https://elsewhere.example/x", "charity.example")).not.toContain("<a ");
    expect(bodyProblemPage(problem, undefined, "charity.example")).not.toContain("<a ");
    expect(
      bodyProblemPage(requestBodyProblem("POST", "/contact", String(MAX_BODY_BYTES + 1), undefined)!, undefined, "x"),
    ).toContain("1 MB in all");
  });

  it("refuses bodies over the limit and streamed bodies of unknown size", () => {
    expect(requestBodyProblem("POST", "/admin/login", String(MAX_BODY_BYTES + 1), undefined)?.status).toBe(413);
    expect(requestBodyProblem("PUT", "/api/settings/x", undefined, "chunked")?.status).toBe(411);
  });
});
