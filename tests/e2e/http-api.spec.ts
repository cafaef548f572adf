import { expect, test, E2E_ADMIN } from "./fixtures";

/**
 * The JSON API and the server's HTTP behaviour, over real HTTP against the built server:
 * routing, both path spellings, methods, status codes, limits, origin checks and headers.
 */
test.describe("API over HTTP", () => {
  test("collection roots answer with and without the trailing slash, never redirecting", async ({ request }) => {
    for (const path of [
      "/api/settings/",
      "/api/settings",
      "/api/stories/",
      "/api/stories",
      "/api/donations/stats",
      "/api/donations/stats/",
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/json");
    }
    const head = await request.head("/api/stories/");
    expect(head.status()).toBe(200);
  });

  test("admin endpoints answer 401 {detail} without credentials, on both spellings", async ({ request }) => {
    const calls = [
      request.post("/api/settings/", { data: { key: "x_y", value: "1" }, maxRedirects: 0 }),
      request.post("/api/settings", { data: { key: "x_y", value: "1" }, maxRedirects: 0 }),
      request.put("/api/settings/meals_provided", { data: { value: "1" }, maxRedirects: 0 }),
      request.put("/api/settings/meals_provided/", { data: { value: "1" }, maxRedirects: 0 }),
      request.delete("/api/settings/meals_provided", { maxRedirects: 0 }),
      request.get("/api/admin/dashboard", { headers: { Authorization: "Bearer expired" }, maxRedirects: 0 }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status(), response.url()).toBe(401);
      expect(await response.json()).toEqual({ detail: "Not authenticated" });
    }
  });

  test("a bearer token from /api/auth/login changes a setting through either spelling", async ({ request }) => {
    const login = await request.post("/api/auth/login", {
      data: E2E_ADMIN,
      headers: { Authorization: "Bearer stale" },
    });
    expect(login.status()).toBe(200);
    const { access_token, token_type, admin } = await login.json();
    expect(token_type).toBe("bearer");
    expect(admin.username).toBe(E2E_ADMIN.username);
    const auth = { Authorization: `Bearer ${access_token}` };

    const created = await request.post("/api/settings", {
      data: { key: "http_test_setting", value: "a" },
      headers: auth,
    });
    expect(created.status()).toBe(201);
    const updated = await request.put("/api/settings/http_test_setting/", {
      data: { value: "b", description: "d" },
      headers: auth,
    });
    expect(await updated.json()).toMatchObject({ key: "http_test_setting", value: "b", description: "d" });
    const invalid = await request.put("/api/settings/families_supported", { data: { value: "many" }, headers: auth });
    expect(invalid.status()).toBe(422);
    expect((await invalid.json()).detail).toMatch(/Value must be a number/);
    expect((await request.delete("/api/settings/http_test_setting", { headers: auth })).status()).toBe(204);
    expect((await request.get("/api/settings/http_test_setting")).status()).toBe(404);
  });

  test("a method a resource lacks is a 405 {detail} with Allow; unknown paths are JSON 404s", async ({ request }) => {
    const post = await request.post("/api/donations/stats", { data: {} });
    expect(post.status()).toBe(405);
    expect(post.headers()["allow"]).toBe("GET");
    expect(await post.json()).toEqual({ detail: "Method not allowed" });
    const unknown = await request.get("/api/no-such-thing");
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ detail: "Not Found" });
  });

  test("bad bodies get a 400 {detail}, oversized ones a 413 before anything reads them", async ({ request }) => {
    const garbled = await request.post("/api/auth/login", {
      data: Buffer.from("{not json"),
      headers: { "Content-Type": "application/json" },
    });
    expect(garbled.status()).toBe(400);
    expect(await garbled.json()).toEqual({ detail: "Request body must be valid JSON" });
    const huge = await request.post("/admin/login", { form: { username: "a", password: "x".repeat(2 * 1024 * 1024) } });
    expect(huge.status()).toBe(413);
  });
});

test.describe("admin forms over HTTP", () => {
  test("an anonymous post to an admin action is sent to sign in and changes nothing", async ({ request }) => {
    const before = await (await request.get("/api/settings/meals_provided")).json();
    const response = await request.post("/admin/settings", {
      form: { key: "meals_provided", value: "1" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(/^\/admin\/login/);
    expect((await (await request.get("/api/settings/meals_provided")).json()).value).toBe(before.value);
  });

  test("sign-in never redirects off the site, even with control characters", async ({ request }) => {
    const response = await request.post("/admin/login", {
      form: { ...E2E_ADMIN, redirectTo: "/\t/evil.example/x" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/admin");
  });

  test("posts from another site are refused", async ({ request }) => {
    const signIn = await request.post("/admin/login", {
      form: E2E_ADMIN,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(400);
    const logout = await request.post("/admin/logout", {
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(logout.status()).toBe(403);
  });
});

test.describe("security headers", () => {
  test("pages carry a nonce CSP, or their scripts' hashes when kept for every visitor; API answers a deny-all one; all are nosniff and unframeable", async ({
    request,
  }) => {
    const fresh = await request.get("/admin/login");
    const csp = fresh.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    const page = await request.get("/");
    const kept = page.headers()["content-security-policy"];
    expect(kept).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(kept).not.toContain("nonce-");
    expect(kept).toContain("frame-ancestors 'none'");
    expect(page.headers()["x-content-type-options"]).toBe("nosniff");
    expect(page.headers()["x-powered-by"]).toBeUndefined();
    const api = await request.get("/api/settings/");
    expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(api.headers()["x-frame-options"]).toBe("DENY");
  });
});
