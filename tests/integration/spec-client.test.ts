import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Every endpoint the API's original browser client calls, walked by a client that behaves
 * exactly as it does (docs/decisions/061-the-api-keeps-its-first-clients-contract.md),
 * over real HTTP against the built production server (`node server.mjs`), row by row:
 *  - the Bearer token from POST /api/auth/login goes with EVERY call once stored, public
 *    ones too, and keeps going after sign-out (public calls must still answer);
 *  - collection roots with their trailing slash (`/api/stories/`), the rest without;
 *  - JSON bodies with Content-Type: application/json, and PATCH .../resolve and
 *    .../approve with no body and no Content-Type;
 *  - any 2xx is success.
 * Answers are checked against the field names and types that client reads.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILD = path.join(ROOT, "build/server/index.js");
const ADMIN = { username: "spec-admin", password: "spec-client-admin-password" };

// ---------------------------------------------------------------- the server under test

let server: ChildProcess | undefined;
let folder = "";
let base = "";
let serverOutput = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`node server.mjs exited with code ${child.exitCode} before answering /healthz. Its output:\n${serverOutput}`);
    }
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.status === 200) return;
      lastProblem = `GET /healthz answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`node server.mjs did not answer GET /healthz with 200 within ${timeoutMs} ms (${lastProblem}). Its output:\n${serverOutput}`);
}

beforeAll(async () => {
  if (!existsSync(BUILD)) {
    throw new Error(`${BUILD} is missing: run \`npm run build\` first (\`npm test\` builds before Vitest runs).`);
  }
  folder = mkdtempSync(path.join(tmpdir(), "charity-spec-client-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: ROOT,
    // Its own environment, not this process's (the integration setup points that at another database).
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${path.join(folder, "spec.sqlite")}`,
      UPLOADS_DIR: path.join(folder, "uploads"),
      SESSION_SECRET: "spec-client-test-session-secret-0123456789",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "0",
      PUBLIC_URL: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_PUBLISHABLE_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
  await waitForHealth(server, 20_000);
}, 30_000);

afterAll(async () => {
  const child = server;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// ---------------------------------------------------------------- the spec's client

interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  body: any;
}

/** Every answer the walk received, to prove each endpoint of the contract was passed with a 2xx. */
const answered: { method: string; path: string; status: number }[] = [];

/**
 * The original client's manners: the stored token goes with every call; a JSON body (and its
 * Content-Type) only when there is one; redirects are not followed, so a 301/302
 * between path spellings would show.
 */
class SpecClient {
  token: string | undefined;

  async call(method: string, pathname: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { Accept: "application/json, text/plain, */*" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const init: RequestInit = { method, headers, redirect: "manual" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${base}${pathname}`, init);
    const text = await response.text();
    let parsed: unknown;
    if (text !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`${method} ${pathname} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
      }
      expect(response.headers.get("content-type"), `${method} ${pathname}`).toContain("application/json");
    }
    answered.push({ method, path: pathname, status: response.status });
    return { status: response.status, ok: response.status >= 200 && response.status < 300, headers: response.headers, body: parsed };
  }

  get = (pathname: string) => this.call("GET", pathname);
  post = (pathname: string, body?: unknown) => this.call("POST", pathname, body);
  put = (pathname: string, body: unknown) => this.call("PUT", pathname, body);
  patch = (pathname: string) => this.call("PATCH", pathname);
  delete = (pathname: string) => this.call("DELETE", pathname);
}

/** The signed-in admin's browser (the token is stored at login and never cleared). */
const client = new SpecClient();
/** A visitor's browser that never signed in: no token at all. */
const visitor = new SpecClient();

/** A 2xx, with the answer in the failure message otherwise. */
function expectOk(answer: Answer, what: string, status?: number) {
  expect(answer.ok, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
  if (status !== undefined) expect(answer.status, what).toBe(status);
}

function expectDetail(answer: Answer, status: number, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
  expect(answer.body, what).toMatchObject({ detail: expect.any(String) });
  expect(answer.body.detail.length, what).toBeGreaterThan(0);
}

// ---------------------------------------------------------------- the answers' shapes

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

const id = () => expect.any(Number);
const text = () => expect.any(String);
const flag = () => expect.any(Boolean);
const timestamp = () => expect.stringMatching(ISO_TIMESTAMP);

function expectInteger(value: unknown, what: string) {
  expect(Number.isInteger(value), `${what} is a whole number: ${JSON.stringify(value)}`).toBe(true);
}

function expectList(answer: Answer, what: string): any[] {
  expectOk(answer, what, 200);
  expect(Array.isArray(answer.body), `${what} is a bare JSON array: ${JSON.stringify(answer.body)?.slice(0, 200)}`).toBe(true);
  return answer.body;
}

const donationShape = () => ({
  id: id(),
  name: text(),
  email: text(),
  amount: expect.any(Number),
  frequency: expect.stringMatching(/^(One-Time|Monthly|Annually|Ramadan)$/),
  donated_at: timestamp(),
});

const subscriptionShape = () => ({
  id: id(),
  name: text(),
  email: text(),
  amount: expect.any(Number),
  purpose: text(),
  interval: expect.stringMatching(/^(month|year)$/),
  payment_day: expect.any(Number),
  payment_month: expect.any(Number),
  status: text(),
  created_at: timestamp(),
  stripe_subscription_id: text(),
});

const contactShape = () => ({ id: id(), name: text(), email: text(), message: text(), submitted_at: timestamp(), resolved: flag() });

const eventShape = () => ({
  id: id(),
  title: text(),
  description: text(),
  date: expect.stringMatching(ISO_DATE_OR_DATE_TIME),
  location: text(),
  image: text(),
});

const storyShape = () => ({
  id: id(),
  title: text(),
  summary: text(),
  content: text(),
  is_active: flag(),
  is_featured: flag(),
  video_url: text(),
  image_filename: text(),
});

const testimonialShape = () => ({
  id: id(),
  name: text(),
  country: text(),
  text: text(),
  rating: expect.any(Number),
  video_url: text(),
  category: expect.stringMatching(/^(donor|recipient|volunteer|other)$/),
  is_approved: flag(),
  image_filename: text(),
  created_at: timestamp(),
});

const volunteerShape = () => ({ id: id(), name: text(), email: text(), interest: text(), submitted_at: timestamp() });

const settingShape = () => ({ id: id(), key: text(), value: text(), description: text(), updated_at: timestamp() });

const FOURTEEN_KEYS = [
  "meals_provided",
  "families_supported",
  "orphans_cared_for",
  "total_raised",
  "hero_video",
  "program_image_1",
  "program_image_2",
  "program_image_3",
  "gallery_item_1",
  "gallery_item_2",
  "gallery_item_3",
  "gallery_item_4",
  "gallery_item_5",
  "gallery_item_6",
];

/** Every endpoint the original client calls, as the walk must pass it. */
const SPEC_ROWS = [
  "POST /api/auth/login",
  "POST /api/donations/",
  "GET /api/donations/",
  "GET /api/donations/stats",
  "POST /api/donations/calculate-zakat",
  "POST /api/donations/create-payment-session",
  "POST /api/donations/create-subscription",
  "POST /api/donations/cancel-subscription",
  "GET /api/donations/subscriptions",
  "POST /api/donations/sync-stripe-data",
  "POST /api/donations/update-subscription-status",
  "POST /api/contact/",
  "GET /api/contact/",
  "PATCH /api/contact/{id}/resolve",
  "DELETE /api/contact/{id}",
  "GET /api/events/",
  "GET /api/events/{id}",
  "POST /api/events/",
  "PUT /api/events/{id}",
  "DELETE /api/events/{id}",
  "GET /api/stories/",
  "GET /api/stories/{id}",
  "POST /api/stories/",
  "PUT /api/stories/{id}",
  "DELETE /api/stories/{id}",
  "GET /api/testimonials/",
  "POST /api/testimonials/",
  "PUT /api/testimonials/{id}",
  "PATCH /api/testimonials/{id}/approve",
  "DELETE /api/testimonials/{id}",
  "POST /api/volunteers/",
  "GET /api/volunteers/",
  "DELETE /api/volunteers/{id}",
  "GET /api/admin/dashboard",
  "GET /api/settings/",
  "GET /api/settings/{key}",
  "POST /api/settings/",
  "PUT /api/settings/{key}",
  "DELETE /api/settings/{key}",
];

function rowPattern(row: string): { method: string; path: RegExp } {
  const [method, template] = row.split(" ") as [string, string];
  const source = template
    .split(/(\{id\}|\{key\})/)
    .map((part) => (part === "{id}" ? "\\d+" : part === "{key}" ? "[a-z0-9_]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return { method, path: new RegExp(`^${source}(\\?.*)?$`) };
}

// ---------------------------------------------------------------- what the walk creates

const walk = {
  donors: new Set<string>(),
  donationTotal: 0,
  contacts: [] as any[],
  resolvedContacts: [] as number[],
  deletedContacts: [] as number[],
  eventIds: { upcoming: 0, past: 0 },
  storyIds: { featured: 0, draft: 0, other: 0 },
  testimonialIds: { approved: 0, pending: 0, removed: 0 },
  volunteerIds: [] as number[],
  subscriptionId: "",
  expected: { events: 0, stories: 0, activeStories: 0, pendingTestimonials: 0, volunteers: 0 },
};

function recordGift(email: string, amount: number) {
  walk.donors.add(email.toLowerCase());
  walk.donationTotal = Math.round((walk.donationTotal + amount) * 100) / 100;
}

/** The simulated hosted checkout's Pay button: a same-origin browser form post. */
async function payInSandbox(checkoutId: string): Promise<string> {
  const page = await fetch(`${base}/sandbox/checkout/${checkoutId}`);
  expect(page.status, "the sandbox checkout page").toBe(200);
  expect(await page.text()).toContain("Pay");
  const paid = await fetch(`${base}/sandbox/checkout/${checkoutId}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-Mode": "navigate",
    },
    body: new URLSearchParams({ intent: "pay" }),
  });
  expect(paid.status, `paying ${checkoutId}: ${await paid.clone().text()}`).toBe(303);
  const location = paid.headers.get("location") ?? "";
  expect(location).toContain("/donation-success");
  return location;
}

// ---------------------------------------------------------------- the walk

describe("a client behaving like the original browser client gets through every endpoint it calls", () => {
  it("auth: POST /api/auth/login refuses a wrong password with 401 {detail}, then returns the access_token that is stored", async () => {
    const refused = await client.post("/api/auth/login", { username: ADMIN.username, password: "not-the-password" });
    expectDetail(refused, 401, "wrong password");
    expect(refused.body.detail).toBe("Invalid username or password"); // the sign-in form's own words
    expectDetail(await client.get("/api/admin/dashboard"), 401, "an admin call before signing in");

    const login = await client.post("/api/auth/login", ADMIN);
    expectOk(login, "login", 200);
    expect(login.body).toMatchObject({ access_token: expect.any(String) });
    expect(login.body.access_token.length).toBeGreaterThanOrEqual(20);
    client.token = login.body.access_token;
  });

  it("donations: offline gift, list, stats, zakat, both checkouts, subscriptions, cancel, sync and status update", async () => {
    // POST /api/donations/ (an offline gift, recorded by staff).
    const offline = { amount: 120.5, name: "Amina Offline", email: "amina@example.org", purpose: "Zakat", frequency: "Ramadan", payment_method: "cash" };
    const gift = await client.post("/api/donations/", offline);
    expectOk(gift, "POST /api/donations/");
    expect(gift.body).toMatchObject({ ...donationShape(), name: offline.name, email: offline.email, amount: 120.5, frequency: "Ramadan" });
    recordGift(offline.email, offline.amount);
    expectDetail(await client.post("/api/donations/", { amount: "lots", name: "" }), 422, "an invalid offline gift");
    expectDetail(await visitor.post("/api/donations/", offline), 401, "an offline gift without a token");

    // GET /api/donations/
    const list = expectList(await client.get("/api/donations/"), "GET /api/donations/");
    expect(list).toEqual([expect.objectContaining({ ...donationShape(), id: gift.body.id, amount: 120.5 })]);
    expectDetail(await visitor.get("/api/donations/"), 401, "the donation list without a token");

    // GET /api/donations/stats (public): impact figures and totals.
    const stats = await client.get("/api/donations/stats");
    expectOk(stats, "GET /api/donations/stats", 200);
    expect(stats.body).toMatchObject({
      impact: { meals: expect.any(Number), families: expect.any(Number), orphans: expect.any(Number) },
      total_raised: expect.any(Number),
      total_donations: walk.donationTotal,
      total_donors: walk.donors.size,
    });
    expect((await visitor.get("/api/donations/stats")).body).toEqual(stats.body);

    // POST /api/donations/calculate-zakat (public): 2.5% of what is above the nisab.
    const inputs = {
      liabilities: 2000,
      cash: 10000,
      receivables: 0,
      stocks: 0,
      retirement: 0,
      gold_weight: 100,
      gold_price_per_gram: 65,
      silver_weight: 0,
      silver_price_per_gram: 0.85,
      business_goods: 1000,
      agriculture_value: 0,
      investment_property: 0,
      other_valuables: 0,
      livestock: 0,
      other_assets: 0,
    };
    const zakat = await client.post("/api/donations/calculate-zakat", inputs);
    expectOk(zakat, "POST /api/donations/calculate-zakat", 200);
    const rate = 0.025;
    expect(zakat.body).toMatchObject({
      wealth: (inputs.cash - inputs.liabilities) * rate,
      gold: inputs.gold_weight * inputs.gold_price_per_gram * rate,
      silver: 0,
      business_goods: inputs.business_goods * rate,
      agriculture: 0,
      total: (inputs.cash - inputs.liabilities + inputs.gold_weight * inputs.gold_price_per_gram + inputs.business_goods) * rate,
    });
    expectDetail(await client.post("/api/donations/calculate-zakat", { ...inputs, cash: "a lot" }), 422, "a calculator input that is not a number");

    // POST /api/donations/create-payment-session (One-Time), paid in the sandbox.
    const oneTime = { amount: 50, name: "Bilal Once", email: "bilal@example.org", purpose: "Orphan Care", frequency: "One-Time" };
    const session = await client.post("/api/donations/create-payment-session", oneTime);
    expectOk(session, "POST /api/donations/create-payment-session");
    expect(session.body).toMatchObject({ id: expect.any(String) });
    expectDetail(await client.post("/api/donations/create-payment-session", { ...oneTime, amount: 0.5 }), 422, "a gift below the minimum");
    await payInSandbox(session.body.id);
    recordGift(oneTime.email, oneTime.amount);

    // POST /api/donations/create-subscription (Monthly): payment_day 1, payment_month left unset.
    const monthly = { amount: 25, name: "Chidi Monthly", email: "chidi@example.org", purpose: "Food & Water Aid", interval: "month", payment_day: 1 };
    const recurring = await client.post("/api/donations/create-subscription", monthly);
    expectOk(recurring, "POST /api/donations/create-subscription");
    expect(recurring.body).toMatchObject({ id: expect.any(String) });
    expect(recurring.body.id).not.toBe(session.body.id);
    expectDetail(await client.post("/api/donations/create-subscription", { ...monthly, interval: "week" }), 422, "an unknown interval");
    await payInSandbox(recurring.body.id);
    recordGift(monthly.email, monthly.amount); // A recurring gift's first payment is taken at once.

    // GET /api/donations/subscriptions
    const subscriptions = expectList(await client.get("/api/donations/subscriptions"), "GET /api/donations/subscriptions");
    expect(subscriptions).toHaveLength(1);
    const subscription = subscriptions[0];
    expect(subscription).toMatchObject({
      ...subscriptionShape(),
      name: monthly.name,
      email: monthly.email,
      amount: 25,
      purpose: monthly.purpose,
      interval: "month",
      payment_day: 1,
      payment_month: 1,
      status: "active",
    });
    expect(subscription.next_payment_date === null || ISO_TIMESTAMP.test(subscription.next_payment_date)).toBe(true);
    walk.subscriptionId = subscription.stripe_subscription_id;
    expectDetail(await visitor.get("/api/donations/subscriptions"), 401, "the subscription list without a token");

    // The paid checkouts are donations now, and the totals count them.
    const afterPaying = expectList(await client.get("/api/donations/"), "GET /api/donations/ after paying");
    expect(afterPaying.map((donation) => [donation.email, donation.amount, donation.frequency]).sort()).toEqual(
      [
        ["amina@example.org", 120.5, "Ramadan"],
        ["bilal@example.org", 50, "One-Time"],
        ["chidi@example.org", 25, "Monthly"],
      ].sort(),
    );
    for (const donation of afterPaying) expect(donation).toMatchObject(donationShape());
    expect((await client.get("/api/donations/stats")).body).toMatchObject({ total_donations: walk.donationTotal, total_donors: walk.donors.size });

    // POST /api/donations/sync-stripe-data: the webhooks recorded everything already.
    const sync = await client.post("/api/donations/sync-stripe-data");
    expectOk(sync, "POST /api/donations/sync-stripe-data");
    expect(sync.body).toEqual({ synced: 0 });
    expectDetail(await visitor.post("/api/donations/sync-stripe-data"), 401, "sync without a token");

    // POST /api/donations/update-subscription-status: the provider and the site agree.
    const refresh = await client.post("/api/donations/update-subscription-status");
    expectOk(refresh, "POST /api/donations/update-subscription-status");
    expect(refresh.body).toEqual({ updated: 0 });
    expectDetail(await visitor.post("/api/donations/update-subscription-status"), 401, "status update without a token");

    // POST /api/donations/cancel-subscription {subscription_id}
    expectDetail(await visitor.post("/api/donations/cancel-subscription", { subscription_id: walk.subscriptionId }), 401, "cancel without a token");
    expectDetail(await client.post("/api/donations/cancel-subscription", { subscription_id: "sub_unknown" }), 404, "cancel an unknown subscription");
    expectDetail(await client.post("/api/donations/cancel-subscription", {}), 422, "cancel without a subscription_id");
    const canceled = await client.post("/api/donations/cancel-subscription", { subscription_id: walk.subscriptionId });
    expectOk(canceled, "POST /api/donations/cancel-subscription");
    expect(canceled.body).toMatchObject({ ...subscriptionShape(), stripe_subscription_id: walk.subscriptionId, status: "canceled" });
    expectDetail(await client.post("/api/donations/cancel-subscription", { subscription_id: walk.subscriptionId }), 409, "cancel twice");
    const afterCancel = expectList(await client.get("/api/donations/subscriptions"), "subscriptions after cancel");
    expect(afterCancel).toEqual([expect.objectContaining({ stripe_subscription_id: walk.subscriptionId, status: "canceled" })]);
    expect((await client.post("/api/donations/update-subscription-status")).body).toEqual({ updated: 0 });
  });

  it("contact: public create, admin list with ?resolved=, resolve without a body, delete; 401, 404 and 422", async () => {
    const messages = [
      { name: "Dina", email: "dina@example.org", message: "Can I give in kind?" },
      { name: "Emre", email: "emre@example.org", message: "Please call me back." },
      { name: "Fatou", email: "fatou@example.org", message: "Thank you for the iftar." },
    ];
    for (const message of messages) {
      const created = await client.post("/api/contact/", message);
      expectOk(created, "POST /api/contact/");
      expect(created.body).toEqual({ ...contactShape(), ...message, resolved: false });
      walk.contacts.push(created.body);
    }
    expectDetail(await client.post("/api/contact/", { name: "", email: "not-an-email", message: "" }), 422, "an invalid contact message");

    const all = expectList(await client.get("/api/contact/"), "GET /api/contact/");
    expect(all.map((row) => row.id).sort()).toEqual(walk.contacts.map((row) => row.id).sort());
    for (const row of all) expect(row).toEqual(contactShape());

    const [first, second, third] = walk.contacts;
    const resolved = await client.patch(`/api/contact/${first.id}/resolve`);
    expectOk(resolved, "PATCH /api/contact/{id}/resolve");
    expect(resolved.body).toEqual({ ...first, resolved: true });
    walk.resolvedContacts.push(first.id);

    const done = expectList(await client.get("/api/contact/?resolved=true"), "GET /api/contact/?resolved=true");
    expect(done.map((row) => row.id)).toEqual([first.id]);
    expect(done[0].resolved).toBe(true);
    const open = expectList(await client.get("/api/contact/?resolved=false"), "GET /api/contact/?resolved=false");
    expect(open.map((row) => row.id).sort()).toEqual([second.id, third.id].sort());
    for (const row of open) expect(row.resolved).toBe(false);

    const deleted = await client.delete(`/api/contact/${third.id}`);
    expectOk(deleted, "DELETE /api/contact/{id}");
    walk.deletedContacts.push(third.id);
    expect(expectList(await client.get("/api/contact/"), "contacts after delete").map((row) => row.id)).not.toContain(third.id);

    expectDetail(await visitor.get("/api/contact/"), 401, "the contact list without a token");
    expectDetail(await visitor.patch(`/api/contact/${second.id}/resolve`), 401, "resolve without a token");
    expectDetail(await visitor.delete(`/api/contact/${second.id}`), 401, "delete without a token");
    expectDetail(await client.patch(`/api/contact/${third.id}/resolve`), 404, "resolve a deleted message");
    expectDetail(await client.delete(`/api/contact/${third.id}`), 404, "delete a deleted message");
    expectDetail(await client.patch("/api/contact/999999/resolve"), 404, "resolve an unknown id");
  });

  it("events: list with upcoming_only, one, create, update with the same fields, delete", async () => {
    const upcoming = { title: "Ramadan iftar", description: "Dinner for 300 families.", date: "2099-03-15", location: "Community hall", image: "" };
    const past = { title: "Winter appeal", description: "Blankets and coats.", date: "2020-01-15T18:30", location: "Warehouse", image: "https://example.org/photos/coats.jpg" };
    const createdUpcoming = await client.post("/api/events/", upcoming);
    expectOk(createdUpcoming, "POST /api/events/");
    expect(createdUpcoming.body).toMatchObject({ ...eventShape(), ...upcoming });
    const createdPast = await client.post("/api/events/", past);
    expectOk(createdPast, "POST /api/events/ (a past one)");
    expect(createdPast.body).toMatchObject({ ...eventShape(), ...past });
    walk.eventIds = { upcoming: createdUpcoming.body.id, past: createdPast.body.id };
    expectDetail(await client.post("/api/events/", { ...upcoming, title: "" }), 422, "an event without a title");
    expectDetail(await client.post("/api/events/", { ...upcoming, image: "ftp://example.org/a.txt" }), 422, "an event with a bad photo URL");
    expectDetail(await visitor.post("/api/events/", upcoming), 401, "an event without a token");

    const both = expectList(await client.get("/api/events/?upcoming_only=false"), "GET /api/events/?upcoming_only=false");
    expect(both.map((event) => event.id).sort()).toEqual([walk.eventIds.upcoming, walk.eventIds.past].sort());
    for (const event of both) expect(event).toMatchObject(eventShape());
    expect(expectList(await client.get("/api/events/"), "GET /api/events/").length).toBe(2);
    const soon = expectList(await client.get("/api/events/?upcoming_only=true"), "GET /api/events/?upcoming_only=true");
    expect(soon.map((event) => event.id)).toEqual([walk.eventIds.upcoming]);

    const one = await client.get(`/api/events/${walk.eventIds.upcoming}`);
    expectOk(one, "GET /api/events/{id}", 200);
    expect(one.body).toMatchObject({ ...eventShape(), ...upcoming, id: walk.eventIds.upcoming });

    const changed = { ...upcoming, title: "Ramadan iftar (second night)", location: "Main hall", image: "https://example.org/photos/iftar.png" };
    const updated = await client.put(`/api/events/${walk.eventIds.upcoming}`, changed);
    expectOk(updated, "PUT /api/events/{id}", 200);
    expect(updated.body).toMatchObject({ ...eventShape(), ...changed, id: walk.eventIds.upcoming });
    expect((await client.get(`/api/events/${walk.eventIds.upcoming}`)).body).toMatchObject(changed);
    expectDetail(await visitor.put(`/api/events/${walk.eventIds.upcoming}`, changed), 401, "an event update without a token");

    const deleted = await client.delete(`/api/events/${walk.eventIds.past}`);
    expectOk(deleted, "DELETE /api/events/{id}");
    expectDetail(await client.get(`/api/events/${walk.eventIds.past}`), 404, "a deleted event");
    expectDetail(await client.put(`/api/events/${walk.eventIds.past}`, past), 404, "updating a deleted event");
    walk.expected.events = 1;
  });

  it("stories: list with active_only and featured_only, one, create, update with the same fields, delete", async () => {
    const featured = {
      title: "Water for Al-Noor",
      summary: "A well for 300 families.",
      content: "It took a month to dig.",
      is_active: true,
      is_featured: true,
      video_url: "",
      image_filename: "https://example.org/photos/well.jpg",
    };
    const draft = { ...featured, title: "Draft story", is_active: false, is_featured: false, image_filename: "" };
    const other = { ...featured, title: "School books", is_featured: false, video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" };
    const ids: number[] = [];
    for (const story of [featured, draft, other]) {
      const created = await client.post("/api/stories/", story);
      expectOk(created, "POST /api/stories/");
      expect(created.body).toMatchObject({ ...storyShape(), ...story });
      ids.push(created.body.id);
    }
    walk.storyIds = { featured: ids[0]!, draft: ids[1]!, other: ids[2]! };
    expectDetail(await client.post("/api/stories/", { ...featured, summary: "" }), 422, "a story without a summary");
    expectDetail(await visitor.post("/api/stories/", featured), 401, "a story without a token");

    const home = expectList(await client.get("/api/stories/?active_only=true&featured_only=true"), "GET /api/stories/ (home)");
    expect(home.map((story) => story.id)).toEqual([walk.storyIds.featured]);
    const admin = expectList(await client.get("/api/stories/?active_only=false&featured_only=false"), "GET /api/stories/ (admin)");
    expect(admin.map((story) => story.id).sort()).toEqual([...ids].sort());
    for (const story of admin) expect(story).toMatchObject(storyShape());
    const publicList = expectList(await visitor.get("/api/stories/?active_only=false&featured_only=false"), "GET /api/stories/ (a visitor)");
    expect(publicList.map((story) => story.id)).not.toContain(walk.storyIds.draft);

    const one = await client.get(`/api/stories/${walk.storyIds.draft}`);
    expectOk(one, "GET /api/stories/{id}", 200);
    expect(one.body).toMatchObject({ ...storyShape(), ...draft, id: walk.storyIds.draft });
    expectDetail(await visitor.get(`/api/stories/${walk.storyIds.draft}`), 404, "an inactive story for a visitor");

    const edited = { ...draft, title: "Draft story, edited", content: "Now with the whole text.", is_featured: true };
    const updated = await client.put(`/api/stories/${walk.storyIds.draft}`, edited);
    expectOk(updated, "PUT /api/stories/{id}", 200);
    expect(updated.body).toMatchObject({ ...storyShape(), ...edited, id: walk.storyIds.draft, is_active: false });
    expectDetail(await visitor.put(`/api/stories/${walk.storyIds.draft}`, edited), 401, "a story update without a token");

    const deleted = await client.delete(`/api/stories/${walk.storyIds.other}`);
    expectOk(deleted, "DELETE /api/stories/{id}");
    expectDetail(await client.get(`/api/stories/${walk.storyIds.other}`), 404, "a deleted story");
    walk.expected.stories = 2;
    walk.expected.activeStories = 1;
  });

  it("testimonials: list with approved_only, create, update with the listed fields, approve without a body, delete", async () => {
    const fields = { name: "Hana", country: "Kenya", text: "The food parcels carried us through winter.", rating: 4, video_url: "", category: "recipient", is_approved: false, image_filename: "" };
    const ids: number[] = [];
    for (const name of ["Hana", "Idris", "Jamal"]) {
      const created = await client.post("/api/testimonials/", { ...fields, name });
      expectOk(created, "POST /api/testimonials/");
      expect(created.body).toMatchObject({ ...testimonialShape(), ...fields, name, is_approved: false });
      expectInteger(created.body.rating, "rating");
      ids.push(created.body.id);
    }
    walk.testimonialIds = { approved: ids[0]!, pending: ids[1]!, removed: ids[2]! };
    expectDetail(await client.post("/api/testimonials/", { ...fields, rating: 7 }), 422, "a rating beyond 5");
    expectDetail(await client.post("/api/testimonials/", { ...fields, category: "celebrity" }), 422, "an unknown category");
    expectDetail(await visitor.post("/api/testimonials/", fields), 401, "a testimonial without a token");

    expect(expectList(await client.get("/api/testimonials/?approved_only=true"), "GET /api/testimonials/?approved_only=true")).toEqual([]);
    const admin = expectList(await client.get("/api/testimonials/?approved_only=false"), "GET /api/testimonials/?approved_only=false");
    expect(admin.map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const row of admin) expect(row).toMatchObject(testimonialShape());

    const approved = await client.patch(`/api/testimonials/${walk.testimonialIds.approved}/approve`);
    expectOk(approved, "PATCH /api/testimonials/{id}/approve");
    expect(approved.body).toMatchObject({ ...testimonialShape(), id: walk.testimonialIds.approved, is_approved: true });
    expectDetail(await visitor.patch(`/api/testimonials/${walk.testimonialIds.pending}/approve`), 401, "approve without a token");
    expectDetail(await client.patch("/api/testimonials/999999/approve"), 404, "approve an unknown id");
    const home = expectList(await client.get("/api/testimonials/?approved_only=true"), "approved testimonials");
    expect(home.map((row) => row.id)).toEqual([walk.testimonialIds.approved]);
    expect((await visitor.get("/api/testimonials/?approved_only=false")).body.map((row: any) => row.id)).toEqual([walk.testimonialIds.approved]);

    const edited = { ...fields, name: "Idris", country: "", text: "Edited text.", rating: 5, category: "volunteer", is_approved: false, image_filename: "https://example.org/photos/idris.webp" };
    const updated = await client.put(`/api/testimonials/${walk.testimonialIds.pending}`, edited);
    expectOk(updated, "PUT /api/testimonials/{id}", 200);
    expect(updated.body).toMatchObject({ ...testimonialShape(), ...edited, id: walk.testimonialIds.pending });
    expectDetail(await visitor.put(`/api/testimonials/${walk.testimonialIds.pending}`, edited), 401, "a testimonial update without a token");

    const deleted = await client.delete(`/api/testimonials/${walk.testimonialIds.removed}`);
    expectOk(deleted, "DELETE /api/testimonials/{id}");
    expectDetail(await client.delete(`/api/testimonials/${walk.testimonialIds.removed}`), 404, "delete a deleted testimonial");
    walk.expected.pendingTestimonials = 1;
  });

  it("volunteers: public create (interest from the form's eight, else 422), admin list, delete", async () => {
    const signups = [
      { name: "Karim", email: "karim@example.org", interest: "Food Distribution" },
      { name: "Lina", email: "lina@example.org", interest: "Social Media & Marketing" },
    ];
    for (const signup of signups) {
      const created = await client.post("/api/volunteers/", signup);
      expectOk(created, "POST /api/volunteers/");
      expect(created.body).toEqual({ ...volunteerShape(), ...signup });
      walk.volunteerIds.push(created.body.id);
    }
    expectDetail(await client.post("/api/volunteers/", { name: "Mo", email: "mo@example.org", interest: "Knitting" }), 422, "an interest not on the form's list");
    expectDetail(await client.post("/api/volunteers/", { name: "Mo", email: "not-an-email", interest: "Other" }), 422, "a bad email");

    const list = expectList(await client.get("/api/volunteers/"), "GET /api/volunteers/");
    expect(list.map((row) => row.id).sort()).toEqual([...walk.volunteerIds].sort());
    for (const row of list) expect(row).toEqual(volunteerShape());
    expectDetail(await visitor.get("/api/volunteers/"), 401, "the volunteer list without a token");

    expectDetail(await visitor.delete(`/api/volunteers/${walk.volunteerIds[0]}`), 401, "delete a volunteer without a token");
    const deleted = await client.delete(`/api/volunteers/${walk.volunteerIds[0]}`);
    expectOk(deleted, "DELETE /api/volunteers/{id}");
    expectDetail(await client.delete(`/api/volunteers/${walk.volunteerIds[0]}`), 404, "delete a deleted volunteer");
    expect(expectList(await client.get("/api/volunteers/"), "volunteers after delete").map((row) => row.id)).toEqual([walk.volunteerIds[1]]);
    walk.expected.volunteers = 1;
  });

  it("GET /api/admin/dashboard: the dashboard's figures, reflecting what the walk created", async () => {
    const dashboard = await client.get("/api/admin/dashboard");
    expectOk(dashboard, "GET /api/admin/dashboard", 200);
    const remaining = walk.contacts.filter((row) => !walk.deletedContacts.includes(row.id));
    const resolvedContacts = remaining.filter((row) => walk.resolvedContacts.includes(row.id)).length;
    const remainingContacts = remaining.length;
    expect(dashboard.body).toMatchObject({
      donations: { total_amount: walk.donationTotal, total_donors: walk.donors.size },
      content: {
        events: walk.expected.events,
        stories: walk.expected.stories,
        active_stories: walk.expected.activeStories,
        pending_testimonials: walk.expected.pendingTestimonials,
        subscriptions: 1,
      },
      volunteers: { total: walk.expected.volunteers },
      contacts: { total_messages: remainingContacts, pending: remainingContacts - resolvedContacts, resolved: resolvedContacts },
    });
    expectDetail(await visitor.get("/api/admin/dashboard"), 401, "the dashboard without a token");
  });

  it("settings: list of all fourteen keys, one, create, update {value, description} (numbers as strings too), delete", async () => {
    const list = expectList(await client.get("/api/settings/"), "GET /api/settings/");
    // Nothing else was created yet: exactly the fourteen keys that exist from the first start.
    expect(list.map((row) => row.key).sort()).toEqual([...FOURTEEN_KEYS].sort());
    for (const row of list) expect(row).toEqual(settingShape());

    const one = await client.get("/api/settings/meals_provided");
    expectOk(one, "GET /api/settings/{key}", 200);
    expect(one.body).toEqual({ ...settingShape(), key: "meals_provided" });
    expectDetail(await client.get("/api/settings/no_such_key"), 404, "an unknown setting");

    const created = await client.post("/api/settings/", { key: "spec_client_note", value: "hello", description: "Made by the spec client" });
    expectOk(created, "POST /api/settings/");
    expect(created.body).toEqual({ ...settingShape(), key: "spec_client_note", value: "hello", description: "Made by the spec client" });
    expectDetail(await client.post("/api/settings/", { key: "spec_client_note", value: "again" }), 409, "a setting that exists");
    expectDetail(await visitor.post("/api/settings/", { key: "visitor_note", value: "x" }), 401, "a setting without a token");

    const meals = await client.put("/api/settings/meals_provided", { value: "31855", description: "Meals served since 2015" });
    expectOk(meals, "PUT /api/settings/{key} (value as a string)", 200);
    expect(meals.body).toEqual({ ...settingShape(), key: "meals_provided", value: "31855", description: "Meals served since 2015" });
    const raised = await client.put("/api/settings/total_raised", { value: 875000, description: "Total raised, in US dollars" });
    expectOk(raised, "PUT /api/settings/{key} (value as a number)", 200);
    expect(raised.body).toMatchObject({ key: "total_raised", value: "875000" });
    expectDetail(await client.put("/api/settings/families_supported", { value: "many", description: "" }), 422, "a statistic that is not a number");
    expectDetail(await visitor.put("/api/settings/meals_provided", { value: "1", description: "" }), 401, "a setting update without a token");
    const stats = (await client.get("/api/donations/stats")).body;
    expect(stats).toMatchObject({ impact: { meals: 31855 }, total_raised: 875000 });

    const deleted = await client.delete("/api/settings/spec_client_note");
    expectOk(deleted, "DELETE /api/settings/{key}");
    expectDetail(await client.get("/api/settings/spec_client_note"), 404, "a deleted setting");
    expectDetail(await visitor.delete("/api/settings/meals_provided"), 401, "delete a setting without a token");
  });

  it("sign out: the same stored token keeps being sent; public calls still answer, admin calls are 401", async () => {
    const stale = client.token;
    const logout = await client.post("/api/auth/logout");
    expectOk(logout, "POST /api/auth/logout");
    expect(client.token).toBe(stale); // the spec's client keeps sending what it stored

    const publicGets = [
      "/api/donations/stats",
      "/api/events/?upcoming_only=false",
      `/api/events/${walk.eventIds.upcoming}`,
      "/api/stories/?active_only=true&featured_only=true",
      "/api/stories/?active_only=false&featured_only=false",
      `/api/stories/${walk.storyIds.featured}`,
      "/api/testimonials/?approved_only=true",
      "/api/settings/",
      "/api/settings/meals_provided",
    ];
    for (const pathname of publicGets) expectOk(await client.get(pathname), `${pathname} with a revoked token`, 200);
    // A revoked token is nobody: the public sees no draft.
    const stories = (await client.get("/api/stories/?active_only=false&featured_only=false")).body as any[];
    expect(stories.map((story) => story.id)).not.toContain(walk.storyIds.draft);
    expectDetail(await client.get(`/api/stories/${walk.storyIds.draft}`), 404, "a draft story with a revoked token");

    // Public writes still go through with the stale token attached.
    expectOk(await client.post("/api/donations/calculate-zakat", { cash: 1000 }), "calculate-zakat with a revoked token", 200);
    expectOk(await client.post("/api/contact/", { name: "Nour", email: "nour@example.org", message: "Hello again" }), "POST /api/contact/ with a revoked token");
    expectOk(await client.post("/api/volunteers/", { name: "Omar", email: "omar@example.org", interest: "Other" }), "POST /api/volunteers/ with a revoked token");
    const checkout = await client.post("/api/donations/create-payment-session", { amount: 10, name: "Pia", email: "pia@example.org", purpose: "Education", frequency: "One-Time" });
    expectOk(checkout, "create-payment-session with a revoked token");

    const adminGets = [
      "/api/admin/dashboard",
      "/api/donations/",
      "/api/donations/subscriptions",
      "/api/contact/",
      "/api/contact/?resolved=false",
      "/api/volunteers/",
    ];
    for (const pathname of adminGets) expectDetail(await client.get(pathname), 401, `${pathname} with a revoked token`);
    expectDetail(await client.put("/api/settings/meals_provided", { value: "1", description: "" }), 401, "a setting update with a revoked token");
    expectDetail(await client.patch(`/api/testimonials/${walk.testimonialIds.pending}/approve`), 401, "approve with a revoked token");

    // Signing in again with the stale token still attached works, and the new token is an admin's.
    const again = await client.post("/api/auth/login", ADMIN);
    expectOk(again, "login with a revoked token attached", 200);
    expect(again.body.access_token).not.toBe(stale);
    client.token = again.body.access_token;
    expectOk(await client.get("/api/admin/dashboard"), "the dashboard with the new token", 200);
  });

  it("passed every endpoint of the contract with a 2xx, never redirected, and the server logged no errors", () => {
    const missing = SPEC_ROWS.filter((row) => {
      const { method, path: pattern } = rowPattern(row);
      return !answered.some((call) => call.method === method && pattern.test(call.path) && call.status >= 200 && call.status < 300);
    });
    expect(missing).toEqual([]);
    expect(answered.filter((call) => call.status >= 300 && call.status < 400)).toEqual([]);
    expect(answered.filter((call) => call.status >= 500)).toEqual([]);
    expect(serverOutput).not.toMatch(/Unexpected API error|failed mid-stream|Error:/);
  });
});
