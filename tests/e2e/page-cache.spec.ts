import type { APIRequestContext, APIResponse } from "@playwright/test";
import { E2E_ADMIN, expect, test } from "./fixtures";
import { uniqueSlug } from "../support/unique";

/**
 * Public pages and API lists kept rendered for visitors: the same bytes (and validator)
 * for every visitor, their scripts allowed by hash, fresh pages for staff and donors, a
 * staff change on the very next request and a gift's figure within seconds. The other
 * worker writes to the same site meanwhile: a kept page may be forgotten at any time, so
 * reads that must meet the same copy are retried, and each test makes its own records.
 */
/** Never sent: the app's note to the server that an answer may be kept. */
function expectNoInternalHeader(response: APIResponse) {
  expect(Object.keys(response.headers())).not.toContain("x-keep-for-visitors");
}

/** Two visitors' reads in a row that met the same kept copy (retried if the other worker's edit fell between them). */
async function keptCopy(request: APIRequestContext, address: string): Promise<APIResponse> {
  let kept: APIResponse | undefined;
  await expect(async () => {
    const first = await request.get(address);
    const second = await request.get(address);
    expect(first.status()).toBe(200);
    expect(second.headers().etag).toBeTruthy();
    expect(second.headers().etag).toBe(first.headers().etag);
    kept = second;
  }).toPass({ timeout: 10_000 });
  return kept!;
}

async function staffToken(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}` };
}

/** The page's words as a reader sees them (React's text separators removed). */
const textOf = async (response: APIResponse) => (await response.text()).replace(/<!-- -->/g, "");

test.describe("the page cache", () => {
  test("a visitor's home page is one kept copy: validator, 304, caching headers and a hash-only script policy", async ({
    request,
  }) => {
    const kept = await keptCopy(request, "/");
    const headers = kept.headers();
    expect(headers.etag).toMatch(/^W\/"[^"]+"$/);
    expect(headers["cache-control"]).toBe("no-cache");
    expect(headers.vary).toMatch(/\bCookie\b/);
    expect(headers.vary).toMatch(/\bAccept-Encoding\b/);
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    const policy = headers["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+/);
    expect(policy).not.toContain("nonce-");
    expect(policy).not.toContain("unsafe-inline' 'unsafe-eval");
    expectNoInternalHeader(kept);
    // Still the site as it is: the Test mode notice is on the kept page.
    expect(await kept.text()).toContain('aria-label="Test mode"');

    const notModified = await request.get("/", { headers: { "If-None-Match": headers.etag! } });
    // The other worker may have changed the site since: then the page is sent again, never a wrong 304.
    if (notModified.status() === 304) {
      expect(await notModified.body()).toHaveLength(0);
      expect(notModified.headers().etag).toBe(headers.etag);
    } else {
      expect(notModified.status()).toBe(200);
      expect(notModified.headers().etag).not.toBe(headers.etag);
    }
    expectNoInternalHeader(notModified);
    await expect(async () => {
      const again = await keptCopy(request, "/");
      const answer = await request.get("/", { headers: { "If-None-Match": again.headers().etag! } });
      expect(answer.status()).toBe(304);
    }).toPass({ timeout: 10_000 });

    const head = await request.head("/");
    expect(head.status()).toBe(200);
    expectNoInternalHeader(head);
  });

  test("a kept page runs its scripts in the browser: no policy violations, the donate form responds", async ({
    page,
    request,
  }) => {
    const violations: string[] = [];
    // Another worker may give the home page a video whose thumbnail this offline machine
    // cannot fetch (a 404 image): only the page's own script errors count here.
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(String(error)));
    for (const address of ["/", "/donate"]) {
      const kept = await keptCopy(request, address);
      expect(kept.headers()["content-security-policy"]).not.toContain("nonce-");
    }
    const home = await page.goto("/");
    expect(home?.headers()["content-security-policy"]).toContain("'sha256-");
    await page.goto("/donate");
    // Served kept, twice over, to make sure the browser met a kept copy.
    const donate = await page.reload();
    expect(donate?.headers()["content-security-policy"]).toContain("'sha256-");
    expect(donate?.headers()["content-security-policy"]).not.toContain("nonce-");
    // Only the page's script enables the button once an amount is given.
    const submit = page.getByRole("button", { name: "Donate Now" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Amount (USD)").fill("250");
    await expect(submit).toBeEnabled();
    await expect(page.getByTestId("impact-preview")).toContainText("meals provided");
    expect(violations.filter((text) => /Content Security Policy|Refused to execute/i.test(text))).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("signed-in staff and donors are sent fresh pages, each with a nonce of its own", async ({
    adminPage,
    request,
  }) => {
    const first = await adminPage.request.get("/");
    const second = await adminPage.request.get("/");
    for (const response of [first, second]) {
      expect(response.status()).toBe(200);
      expect(response.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
      expectNoInternalHeader(response);
    }
    const nonceOf = (response: APIResponse) =>
      /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    // Whatever the staff member's browser holds, it is sent the page, never told it is unchanged.
    const visitors = await keptCopy(request, "/");
    const staffWithVisitorsCopy = await adminPage.request.get("/", {
      headers: { "If-None-Match": visitors.headers().etag! },
    });
    expect(staffWithVisitorsCopy.status()).toBe(200);

    // A donor's session cookie (even one that no longer signs anyone in) gets a fresh page too.
    const donor = await request.get("/", { headers: { Cookie: "my_giving=expired" } });
    expect(donor.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    // A cookie merely named like a session's does not.
    const lookalike = await request.get("/", { headers: { Cookie: "xadmin_session=1" } });
    expect(lookalike.headers()["content-security-policy"]).not.toContain("nonce-");
  });

  test("a story staff publish is on the public list and in the API on the very next request", async ({ request }) => {
    const auth = await staffToken(request);
    await keptCopy(request, "/stories");
    await keptCopy(request, "/api/stories/");
    const title = uniqueSlug("Wells for Tharparkar");

    const created = await request.post("/api/stories/", {
      headers: auth,
      data: { title, summary: "Clean water for a village in the desert.", content: "The first well of the village." },
    });
    expect(created.status()).toBe(201);
    const story = (await created.json()) as { id: number };

    const page = await request.get("/stories");
    expect(await textOf(page)).toContain(title);
    const list = await request.get("/api/stories/");
    expect(((await list.json()) as { title: string }[]).map((item) => item.title)).toContain(title);

    // An edit and a removal reach visitors just as fast.
    await keptCopy(request, `/stories/${story.id}`);
    const renamed = `${title} (renamed)`;
    const edited = await request.put(`/api/stories/${story.id}`, { headers: auth, data: { title: renamed } });
    expect(edited.status()).toBe(200);
    expect(await textOf(await request.get(`/stories/${story.id}`))).toContain(renamed);
    expect(((await (await request.get(`/api/stories/${story.id}`)).json()) as { title: string }).title).toBe(renamed);

    await keptCopy(request, "/stories");
    const removed = await request.delete(`/api/stories/${story.id}`, { headers: auth });
    expect(removed.status()).toBe(204);
    expect(await textOf(await request.get("/stories"))).not.toContain(title);
    expect((await request.get(`/stories/${story.id}`)).status()).toBe(404);
  });

  test("a gift to an appeal reaches its public page and the API within the refresh time", async ({ request }) => {
    const auth = await staffToken(request);
    const funds = (await (await request.get("/api/funds/")).json()) as { id: number }[];
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const title = uniqueSlug("Winter Blankets");
    const created = await request.post("/api/appeals/", {
      headers: auth,
      data: {
        title,
        summary: "Blankets for families in tents.",
        story: "The nights are freezing.",
        fund_id: funds[0]!.id,
        goal: "100",
        starts_on: yesterday,
        status: "live",
      },
    });
    expect(created.status()).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const address = `/appeals/${slug}`;
    expect(await textOf(await keptCopy(request, address))).toContain("$0 raised of $100 goal");
    await keptCopy(request, `/api/appeals/${slug}`);

    const gift = await request.post("/api/donations/", {
      headers: auth,
      data: { name: "Friday collection", amount: "40", appeal: slug, payment_method: "cash" },
    });
    expect(gift.status()).toBe(201);
    const given = Date.now();

    await expect(async () => {
      expect(await textOf(await request.get(address))).toContain("$40 raised of $100 goal");
    }).toPass({ timeout: 7_000, intervals: [100] });
    await expect(async () => {
      expect(((await (await request.get(`/api/appeals/${slug}`)).json()) as { raised: number }).raised).toBe(40);
    }).toPass({ timeout: 7_000, intervals: [100] });
    expect(Date.now() - given).toBeLessThan(7_000);
  });

  test("a public API list is kept for visitors and fresh for a token", async ({ request }) => {
    const kept = await keptCopy(request, "/api/stories/");
    expect(kept.headers()["content-type"]).toContain("application/json");
    expect(kept.headers()["cache-control"]).toBe("no-cache");
    expect(kept.headers().vary).toMatch(/\bCookie\b/);
    expectNoInternalHeader(kept);
    await expect(async () => {
      const again = await keptCopy(request, "/api/stories/");
      expect(
        (await request.get("/api/stories/", { headers: { "If-None-Match": again.headers().etag! } })).status(),
      ).toBe(304);
    }).toPass({ timeout: 10_000 });

    const auth = await staffToken(request);
    // A draft only staff may read: a token's answer is the staff's own, never the visitors' copy.
    const draftTitle = uniqueSlug("Draft story");
    const draft = await request.post("/api/stories/", {
      headers: auth,
      data: { title: draftTitle, summary: "Not yet.", content: "Unpublished.", is_active: false },
    });
    expect(draft.status()).toBe(201);
    const visitors = await keptCopy(request, "/api/stories/");
    expect(await visitors.text()).not.toContain(draftTitle);
    const staff = await request.get("/api/stories/", {
      headers: { ...auth, "If-None-Match": visitors.headers().etag! },
    });
    expect(staff.status()).toBe(200);
    expect(await staff.text()).toContain(draftTitle);
    expectNoInternalHeader(staff);
    const { id } = (await draft.json()) as { id: number };
    expect((await request.delete(`/api/stories/${id}`, { headers: auth })).status()).toBe(204);
  });

  test("a visitor's HEAD never leaves an empty answer kept for the next GET", async ({ request }) => {
    for (const address of [
      `/api/stories/?probe=${uniqueSlug("head")}`,
      `/api/donations/stats?probe=${uniqueSlug("head")}`,
      `/stories?probe=${uniqueSlug("head")}`,
    ]) {
      const head = await request.head(address);
      expect(head.status(), address).toBe(200);
      expectNoInternalHeader(head);
      const get = await request.get(address);
      expect(get.status(), address).toBe(200);
      expect((await get.body()).length, address).toBeGreaterThan(0);
    }
  });
});
