import { describe, expect, it } from "vitest";
import { documentContentSecurityPolicy, securityHeadersFor } from "./security-headers.server";

describe("security headers", () => {
  it("gives pages a nonce-only script policy in production", () => {
    const policy = documentContentSecurityPolicy({ nonce: "abc123" }, true);
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com");
  });

  it("locks API answers and uploads down completely", () => {
    expect(securityHeadersFor("/api/settings/", false)["Content-Security-Policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(securityHeadersFor("/about", false)["Content-Security-Policy"]).toBeUndefined();
  });

  it("adds HSTS only when the site is served over HTTPS", () => {
    expect(securityHeadersFor("/", false)["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeadersFor("/", true)["Strict-Transport-Security"]).toMatch(/max-age=31536000/);
    // A site whose PUBLIC_URL is https gets HSTS even behind a proxy that speaks plain HTTP to it.
    expect(securityHeadersFor("/", false, "https://give.example.org")["Strict-Transport-Security"]).toMatch(
      /max-age=31536000/,
    );
    expect(securityHeadersFor("/", false, "http://give.example.org")["Strict-Transport-Security"]).toBeUndefined();
  });
});
