import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { onPostgres } from "./e2e-database";
import { newPostgresDatabase } from "./own-postgres-database";

/**
 * Every endpoint the API's original browser client calls (its contract:
 * docs/decisions/061-the-api-keeps-its-first-clients-contract.md), walked by a client that
 * behaves exactly as it does, over real HTTP against the built production server
 * (`node server.mjs`), row by row:
 *  - the Bearer token from POST /api/auth/login goes with EVERY call once stored, public
 *    ones too, and keeps going after sign-out (public calls must still answer);
 *  - collection roots with their trailing slash (`/api/stories/`), the rest without;
 *  - JSON bodies with Content-Type: application/json, and PATCH .../resolve and
 *    .../approve with no body and no Content-Type;
 *  - any 2xx is success.
 * Answers are checked against the field names and types that client reads.
 *
 * The walk asserts whole answers (every setting there is, the dashboard's figures), so
 * it runs against a server of its own with an empty database, started once per worker,
 * instead of the shared, seeded end-to-end server other specs change at the same time.
 * Each test signs in for itself and creates what it looks at, marked with its own tag,
 * so it passes alone (`-g`) and in any order; figures that cover the whole database are
 * compared before and after the test's own changes.
 */

// ---------------------------------------------------------------- the server under test

const ADMIN = { username: "spec-admin", password: "spec-client-admin-password" };

interface SpecServer {
  base: string;
  /** Everything the server printed so far. */
  output(): string;
}

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

async function waitForHealth(
  child: ChildProcess,
  base: string,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `node server.mjs exited with code ${child.exitCode} before answering /healthz. Its output:\n${output()}`,
      );
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
  throw new Error(
    `node server.mjs did not answer GET /healthz with 200 within ${timeoutMs} ms (${lastProblem}). Its output:\n${output()}`,
  );
}

async function startSpecServer(): Promise<{ server: SpecServer; stop: () => Promise<void> }> {
  const build = path.resolve("build/server/index.js");
  if (!existsSync(build))
    throw new Error(`${build} is missing: run \`npm run build\` first (\`npm test\` builds before the suites run).`);
  const folder = mkdtempSync(path.join(tmpdir(), "charity-spec-client-"));
  // A new database of its own, on the engine of this pass.
  const postgres = onPostgres() ? newPostgresDatabase("spec_client") : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["server.mjs"], {
    // Its own environment, not the test runner's.
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: postgres?.url ?? `file:${path.join(folder, "spec.sqlite")}`,
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
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(folder, { recursive: true, force: true });
    postgres?.drop();
  };
  try {
    await waitForHealth(child, base, () => output, 20_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server: { base, output: () => output }, stop };
}

// ---------------------------------------------------------------- the records, as the API's JSON

interface Detail {
  detail: string;
}
interface Login {
  access_token: string;
}
interface Donation {
  id: number;
  name: string;
  email: string;
  amount: number;
  frequency: string;
  donated_at: string;
}
interface Subscription {
  id: number;
  name: string;
  email: string;
  amount: number;
  purpose: string;
  interval: string;
  payment_day: number;
  payment_month: number;
  status: string;
  created_at: string;
  stripe_subscription_id: string;
  next_payment_date: string | null;
}
interface Stats {
  impact: { meals: number; families: number; orphans: number };
  total_raised: number;
  total_donations: number;
  total_donors: number;
}
interface Checkout {
  id: string;
}
interface Contact {
  id: number;
  name: string;
  email: string;
  message: string;
  submitted_at: string;
  resolved: boolean;
}
interface CharityEvent {
  id: number;
  title: string;
  description: string;
  date: string;
  location: string;
  image: string;
}
interface Story {
  id: number;
  title: string;
  summary: string;
  content: string;
  is_active: boolean;
  is_featured: boolean;
  video_url: string;
  image_filename: string;
}
interface Testimonial {
  id: number;
  name: string;
  country: string;
  text: string;
  rating: number;
  video_url: string;
  category: string;
  is_approved: boolean;
  image_filename: string;
  created_at: string;
}
interface Volunteer {
  id: number;
  name: string;
  email: string;
  interest: string;
  submitted_at: string;
}
interface Setting {
  id: number;
  key: string;
  value: string;
  description: string;
  updated_at: string;
}
interface Dashboard {
  donations: { total_amount: number; total_donors: number };
  content: {
    events: number;
    stories: number;
    active_stories: number;
    pending_testimonials: number;
    subscriptions: number;
  };
  volunteers: { total: number };
  contacts: { total_messages: number; pending: number; resolved: number };
}

// ---------------------------------------------------------------- the spec's client

interface Answer<T = unknown> {
  status: number;
  ok: boolean;
  headers: Headers;
  body: T;
}
type Call = { method: string; path: string; status: number };

/**
 * The original client's manners: the stored token goes with every call; a JSON body (and its
 * Content-Type) only when there is one; redirects are not followed, so a 301/302
 * between path spellings would show. Every answer lands in the test's `answered` list.
 */
class SpecClient {
  token: string | undefined;

  constructor(
    private readonly base: string,
    private readonly answered: Call[],
  ) {}

  async call<T = unknown>(method: string, pathname: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { Accept: "application/json, text/plain, */*" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const init: RequestInit = { method, headers, redirect: "manual" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${this.base}${pathname}`, init);
    const text = await response.text();
    let parsed: unknown;
    if (text !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(
          `${method} ${pathname} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
        );
      }
      expect(response.headers.get("content-type"), `${method} ${pathname}`).toContain("application/json");
    }
    this.answered.push({ method, path: pathname, status: response.status });
    return {
      status: response.status,
      ok: response.status >= 200 && response.status < 300,
      headers: response.headers,
      body: parsed as T,
    };
  }

  get = <T = unknown>(pathname: string) => this.call<T>("GET", pathname);
  post = <T = unknown>(pathname: string, body?: unknown) => this.call<T>("POST", pathname, body);
  put = <T = unknown>(pathname: string, body: unknown) => this.call<T>("PUT", pathname, body);
  patch = <T = unknown>(pathname: string) => this.call<T>("PATCH", pathname);
  delete = <T = unknown>(pathname: string) => this.call<T>("DELETE", pathname);
}

/** A 2xx, with the answer in the failure message otherwise. */
function expectOk(answer: Answer, what: string, status?: number) {
  expect(answer.ok, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
  if (status !== undefined) expect(answer.status, what).toBe(status);
}

/** A record the test needs made: a 2xx, then its body. */
function made<T>(answer: Answer<T>, what: string): T {
  expectOk(answer, what);
  return answer.body;
}

function expectDetail(answer: Answer, status: number, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
  expect(answer.body, what).toMatchObject({ detail: expect.any(String) });
  expect((answer.body as Detail).detail.length, what).toBeGreaterThan(0);
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

function expectList<T>(answer: Answer, what: string): T[] {
  expectOk(answer, what, 200);
  expect(
    Array.isArray(answer.body),
    `${what} is a bare JSON array: ${JSON.stringify(answer.body)?.slice(0, 200)}`,
  ).toBe(true);
  return answer.body as T[];
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

const contactShape = () => ({
  id: id(),
  name: text(),
  email: text(),
  message: text(),
  submitted_at: timestamp(),
  resolved: flag(),
});

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

/** The contract's endpoints, split by the test that walks each row (every row once). */
const ROWS_WALKED_BY = {
  auth: ["POST /api/auth/login"],
  donations: [
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
  ],
  contact: ["POST /api/contact/", "GET /api/contact/", "PATCH /api/contact/{id}/resolve", "DELETE /api/contact/{id}"],
  events: [
    "GET /api/events/",
    "GET /api/events/{id}",
    "POST /api/events/",
    "PUT /api/events/{id}",
    "DELETE /api/events/{id}",
  ],
  stories: [
    "GET /api/stories/",
    "GET /api/stories/{id}",
    "POST /api/stories/",
    "PUT /api/stories/{id}",
    "DELETE /api/stories/{id}",
  ],
  testimonials: [
    "GET /api/testimonials/",
    "POST /api/testimonials/",
    "PUT /api/testimonials/{id}",
    "PATCH /api/testimonials/{id}/approve",
    "DELETE /api/testimonials/{id}",
  ],
  volunteers: ["POST /api/volunteers/", "GET /api/volunteers/", "DELETE /api/volunteers/{id}"],
  dashboard: ["GET /api/admin/dashboard"],
  settings: [
    "GET /api/settings/",
    "GET /api/settings/{key}",
    "POST /api/settings/",
    "PUT /api/settings/{key}",
    "DELETE /api/settings/{key}",
  ],
} satisfies Record<string, string[]>;

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
    .map((part) =>
      part === "{id}" ? "\\d+" : part === "{key}" ? "[a-z0-9_]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return { method, path: new RegExp(`^${source}(\\?.*)?$`) };
}

// ---------------------------------------------------------------- one test's walk

/**
 * What each test gets: the signed-in admin's browser (`client`, signed in by the test
 * itself), a visitor's browser that never signed in, a tag that marks the records this
 * test creates, and the rows of the contract it promises to pass. After the test, every call
 * it made is checked: the promised rows answered 2xx, nothing redirected, no 5xx, and
 * the server logged no error meanwhile.
 */
class Walk {
  readonly answered: Call[] = [];
  readonly client: SpecClient;
  readonly visitor: SpecClient;
  readonly tag = randomBytes(4).toString("hex");
  promised: string[] = [];

  constructor(readonly base: string) {
    this.client = new SpecClient(base, this.answered);
    this.visitor = new SpecClient(base, this.answered);
  }

  /** The rows of the contract this test must pass with a 2xx. */
  walks(rows: string[]) {
    this.promised = rows;
  }

  /** Signs the admin's browser in and stores the token, as the spec's client does. */
  async signIn(): Promise<string> {
    const login = await this.client.post<Login>("/api/auth/login", ADMIN);
    expectOk(login, "login", 200);
    this.client.token = login.body.access_token;
    return login.body.access_token;
  }

  /** An address no other test (or run) uses: `amina-<tag>@example.org`. */
  email(name: string): string {
    return `${name.toLowerCase()}-${this.tag}@example.org`;
  }

  mine<T extends { email: string }>(rows: T[]): T[] {
    return rows.filter((row) => row.email.includes(this.tag));
  }

  /** The simulated hosted checkout's Pay button: a same-origin browser form post. */
  async payInSandbox(checkoutId: string): Promise<string> {
    const page = await fetch(`${this.base}/sandbox/checkout/${checkoutId}`);
    expect(page.status, "the sandbox checkout page").toBe(200);
    expect(await page.text()).toContain("Pay");
    const paid = await fetch(`${this.base}/sandbox/checkout/${checkoutId}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: this.base,
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

  checkAfterwards(serverLog: string) {
    const missing = this.promised.filter((row) => {
      const { method, path: pattern } = rowPattern(row);
      return !this.answered.some(
        (call) => call.method === method && pattern.test(call.path) && call.status >= 200 && call.status < 300,
      );
    });
    expect(missing, "rows of the contract this test promised but did not pass with a 2xx").toEqual([]);
    expect(
      this.answered.filter((call) => call.status >= 300 && call.status < 400),
      "redirected calls",
    ).toEqual([]);
    expect(
      this.answered.filter((call) => call.status >= 500),
      "calls that failed on the server",
    ).toEqual([]);
    expect(serverLog).not.toMatch(/Unexpected API error|failed mid-stream|Error:/);
  }
}

const test = base.extend<{ walk: Walk }, { specServer: SpecServer }>({
  specServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture needs from this pattern; this one needs none
    async ({}, use) => {
      const { server, stop } = await startSpecServer();
      await use(server);
      await stop();
    },
    { scope: "worker", timeout: 30_000 },
  ],
  walk: async ({ specServer }, use) => {
    const logFrom = specServer.output().length;
    const walk = new Walk(specServer.base);
    await use(walk);
    walk.checkAfterwards(specServer.output().slice(logFrom));
  },
});

const round = (amount: number) => Math.round(amount * 100) / 100;

async function dashboardOf(walk: Walk): Promise<Dashboard> {
  const dashboard = await walk.client.get<Dashboard>("/api/admin/dashboard");
  expectOk(dashboard, "GET /api/admin/dashboard", 200);
  return dashboard.body;
}

// ---------------------------------------------------------------- the walk, row by row

test.describe("a client behaving like the original browser client gets through every endpoint it calls", () => {
  test("every endpoint of the contract is walked by one of the tests below", () => {
    const walked = Object.values(ROWS_WALKED_BY).flat();
    expect(
      SPEC_ROWS.filter((row) => !walked.includes(row)),
      "rows no test walks",
    ).toEqual([]);
    expect(
      walked.filter((row) => !SPEC_ROWS.includes(row)),
      "rows that are not in the contract",
    ).toEqual([]);
  });

  test("auth: POST /api/auth/login refuses a wrong password with 401 {detail}, then returns the access_token that is stored", async ({
    walk,
  }) => {
    walk.walks(ROWS_WALKED_BY.auth);
    const { client } = walk;
    const refused = await client.post<Detail>("/api/auth/login", {
      username: ADMIN.username,
      password: "not-the-password",
    });
    expectDetail(refused, 401, "wrong password");
    expect(refused.body.detail).toBe("Invalid username or password"); // the sign-in form's own words
    expectDetail(await client.get("/api/admin/dashboard"), 401, "an admin call before signing in");

    const login = await client.post<Login>("/api/auth/login", ADMIN);
    expectOk(login, "login", 200);
    expect(login.body).toMatchObject({ access_token: expect.any(String) });
    expect(login.body.access_token.length).toBeGreaterThanOrEqual(20);
    client.token = login.body.access_token;
    expectOk(await client.get("/api/admin/dashboard"), "an admin call with the stored token", 200);
  });

  test("donations: offline gift, list, stats, zakat, both checkouts, subscriptions, cancel, sync and status update", async ({
    walk,
  }) => {
    walk.walks(ROWS_WALKED_BY.donations);
    const { client, visitor } = walk;
    await walk.signIn();
    const statsBefore = (await client.get<Stats>("/api/donations/stats")).body;
    let given = 0;
    const donors = new Set<string>();
    const recordGift = (email: string, amount: number) => {
      donors.add(email);
      given = round(given + amount);
    };

    // POST /api/donations/ (an offline gift, recorded by staff).
    const offline = {
      amount: 120.5,
      name: "Amina Offline",
      email: walk.email("amina"),
      purpose: "Zakat",
      frequency: "Ramadan",
      payment_method: "cash",
    };
    const gift = await client.post<Donation>("/api/donations/", offline);
    expectOk(gift, "POST /api/donations/");
    expect(gift.body).toMatchObject({
      ...donationShape(),
      name: offline.name,
      email: offline.email,
      amount: 120.5,
      frequency: "Ramadan",
    });
    recordGift(offline.email, offline.amount);
    expectDetail(await client.post("/api/donations/", { amount: "lots", name: "" }), 422, "an invalid offline gift");
    expectDetail(await visitor.post("/api/donations/", offline), 401, "an offline gift without a token");

    // GET /api/donations/
    const list = expectList<Donation>(await client.get("/api/donations/"), "GET /api/donations/");
    expect(walk.mine(list)).toEqual([expect.objectContaining({ ...donationShape(), id: gift.body.id, amount: 120.5 })]);
    expectDetail(await visitor.get("/api/donations/"), 401, "the donation list without a token");

    // GET /api/donations/stats (public): impact figures and totals.
    const stats = await client.get<Stats>("/api/donations/stats");
    expectOk(stats, "GET /api/donations/stats", 200);
    expect(stats.body).toMatchObject({
      impact: { meals: expect.any(Number), families: expect.any(Number), orphans: expect.any(Number) },
      total_raised: expect.any(Number),
      total_donations: round(statsBefore.total_donations + given),
      total_donors: statsBefore.total_donors + donors.size,
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
      total:
        (inputs.cash - inputs.liabilities + inputs.gold_weight * inputs.gold_price_per_gram + inputs.business_goods) *
        rate,
    });
    expectDetail(
      await client.post("/api/donations/calculate-zakat", { ...inputs, cash: "a lot" }),
      422,
      "a calculator input that is not a number",
    );

    // POST /api/donations/create-payment-session (One-Time), paid in the sandbox.
    const oneTime = {
      amount: 50,
      name: "Bilal Once",
      email: walk.email("bilal"),
      purpose: "Orphan Care",
      frequency: "One-Time",
    };
    const session = await client.post<Checkout>("/api/donations/create-payment-session", oneTime);
    expectOk(session, "POST /api/donations/create-payment-session");
    expect(session.body).toMatchObject({ id: expect.any(String) });
    expectDetail(
      await client.post("/api/donations/create-payment-session", { ...oneTime, amount: 0.5 }),
      422,
      "a gift below the minimum",
    );
    await walk.payInSandbox(session.body.id);
    recordGift(oneTime.email, oneTime.amount);

    // POST /api/donations/create-subscription (Monthly): payment_day 1, payment_month left unset.
    const monthly = {
      amount: 25,
      name: "Chidi Monthly",
      email: walk.email("chidi"),
      purpose: "Food & Water Aid",
      interval: "month",
      payment_day: 1,
    };
    const recurring = await client.post<Checkout>("/api/donations/create-subscription", monthly);
    expectOk(recurring, "POST /api/donations/create-subscription");
    expect(recurring.body).toMatchObject({ id: expect.any(String) });
    expect(recurring.body.id).not.toBe(session.body.id);
    expectDetail(
      await client.post("/api/donations/create-subscription", { ...monthly, interval: "week" }),
      422,
      "an unknown interval",
    );
    await walk.payInSandbox(recurring.body.id);
    recordGift(monthly.email, monthly.amount); // A recurring gift's first payment is taken at once.

    // GET /api/donations/subscriptions
    const subscriptions = walk.mine(
      expectList<Subscription>(await client.get("/api/donations/subscriptions"), "GET /api/donations/subscriptions"),
    );
    expect(subscriptions).toHaveLength(1);
    const subscription = subscriptions[0]!;
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
    const subscriptionId = subscription.stripe_subscription_id;
    expectDetail(await visitor.get("/api/donations/subscriptions"), 401, "the subscription list without a token");

    // The paid checkouts are donations now, and the totals count them.
    const afterPaying = walk.mine(
      expectList<Donation>(await client.get("/api/donations/"), "GET /api/donations/ after paying"),
    );
    expect(afterPaying.map((donation) => [donation.email, donation.amount, donation.frequency]).sort()).toEqual(
      [
        [offline.email, 120.5, "Ramadan"],
        [oneTime.email, 50, "One-Time"],
        [monthly.email, 25, "Monthly"],
      ].sort(),
    );
    for (const donation of afterPaying) expect(donation).toMatchObject(donationShape());
    expect((await client.get("/api/donations/stats")).body).toMatchObject({
      total_donations: round(statsBefore.total_donations + given),
      total_donors: statsBefore.total_donors + donors.size,
    });

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
    expectDetail(
      await visitor.post("/api/donations/cancel-subscription", { subscription_id: subscriptionId }),
      401,
      "cancel without a token",
    );
    expectDetail(
      await client.post("/api/donations/cancel-subscription", { subscription_id: "sub_unknown" }),
      404,
      "cancel an unknown subscription",
    );
    expectDetail(await client.post("/api/donations/cancel-subscription", {}), 422, "cancel without a subscription_id");
    const canceled = await client.post("/api/donations/cancel-subscription", { subscription_id: subscriptionId });
    expectOk(canceled, "POST /api/donations/cancel-subscription");
    expect(canceled.body).toMatchObject({
      ...subscriptionShape(),
      stripe_subscription_id: subscriptionId,
      status: "canceled",
    });
    expectDetail(
      await client.post("/api/donations/cancel-subscription", { subscription_id: subscriptionId }),
      409,
      "cancel twice",
    );
    const afterCancel = walk.mine(
      expectList<Subscription>(await client.get("/api/donations/subscriptions"), "subscriptions after cancel"),
    );
    expect(afterCancel).toEqual([
      expect.objectContaining({ stripe_subscription_id: subscriptionId, status: "canceled" }),
    ]);
    expect((await client.post("/api/donations/update-subscription-status")).body).toEqual({ updated: 0 });
  });

  test("contact: public create, admin list with ?resolved=, resolve without a body, delete; 401, 404 and 422", async ({
    walk,
  }) => {
    walk.walks(ROWS_WALKED_BY.contact);
    const { client, visitor } = walk;
    await walk.signIn();
    const messages = [
      { name: "Dina", email: walk.email("dina"), message: "Can I give in kind?" },
      { name: "Emre", email: walk.email("emre"), message: "Please call me back." },
      { name: "Fatou", email: walk.email("fatou"), message: "Thank you for the iftar." },
    ];
    const contacts: Contact[] = [];
    for (const message of messages) {
      const created = await client.post<Contact>("/api/contact/", message);
      expectOk(created, "POST /api/contact/");
      expect(created.body).toEqual({ ...contactShape(), ...message, resolved: false });
      contacts.push(created.body);
    }
    expectDetail(
      await client.post("/api/contact/", { name: "", email: "not-an-email", message: "" }),
      422,
      "an invalid contact message",
    );

    const all = expectList<Contact>(await client.get("/api/contact/"), "GET /api/contact/");
    expect(
      walk
        .mine(all)
        .map((row) => row.id)
        .sort(),
    ).toEqual(contacts.map((row) => row.id).sort());
    for (const row of all) expect(row).toEqual(contactShape());

    const [first, second, third] = contacts as [Contact, Contact, Contact];
    const resolved = await client.patch(`/api/contact/${first.id}/resolve`);
    expectOk(resolved, "PATCH /api/contact/{id}/resolve");
    expect(resolved.body).toEqual({ ...first, resolved: true });

    const done = walk.mine(
      expectList<Contact>(await client.get("/api/contact/?resolved=true"), "GET /api/contact/?resolved=true"),
    );
    expect(done.map((row) => row.id)).toEqual([first.id]);
    expect(done[0]!.resolved).toBe(true);
    const open = walk.mine(
      expectList<Contact>(await client.get("/api/contact/?resolved=false"), "GET /api/contact/?resolved=false"),
    );
    expect(open.map((row) => row.id).sort()).toEqual([second.id, third.id].sort());
    for (const row of open) expect(row.resolved).toBe(false);

    const deleted = await client.delete(`/api/contact/${third.id}`);
    expectOk(deleted, "DELETE /api/contact/{id}");
    expect(
      expectList<Contact>(await client.get("/api/contact/"), "contacts after delete").map((row) => row.id),
    ).not.toContain(third.id);

    expectDetail(await visitor.get("/api/contact/"), 401, "the contact list without a token");
    expectDetail(await visitor.patch(`/api/contact/${second.id}/resolve`), 401, "resolve without a token");
    expectDetail(await visitor.delete(`/api/contact/${second.id}`), 401, "delete without a token");
    expectDetail(await client.patch(`/api/contact/${third.id}/resolve`), 404, "resolve a deleted message");
    expectDetail(await client.delete(`/api/contact/${third.id}`), 404, "delete a deleted message");
    expectDetail(await client.patch("/api/contact/999999/resolve"), 404, "resolve an unknown id");
  });

  test("events: list with upcoming_only, one, create, update with the same fields, delete", async ({ walk }) => {
    walk.walks(ROWS_WALKED_BY.events);
    const { client, visitor } = walk;
    await walk.signIn();
    const mine = (events: CharityEvent[]) => events.filter((event) => event.title.includes(walk.tag));
    const upcoming = {
      title: `Ramadan iftar ${walk.tag}`,
      description: "Dinner for 300 families.",
      date: "2099-03-15",
      location: "Community hall",
      image: "",
    };
    const past = {
      title: `Winter appeal ${walk.tag}`,
      description: "Blankets and coats.",
      date: "2020-01-15T18:30",
      location: "Warehouse",
      image: "https://example.org/photos/coats.jpg",
    };
    const createdUpcoming = await client.post<CharityEvent>("/api/events/", upcoming);
    expectOk(createdUpcoming, "POST /api/events/");
    expect(createdUpcoming.body).toMatchObject({ ...eventShape(), ...upcoming });
    const createdPast = await client.post<CharityEvent>("/api/events/", past);
    expectOk(createdPast, "POST /api/events/ (a past one)");
    expect(createdPast.body).toMatchObject({ ...eventShape(), ...past });
    const ids = { upcoming: createdUpcoming.body.id, past: createdPast.body.id };
    expectDetail(await client.post("/api/events/", { ...upcoming, title: "" }), 422, "an event without a title");
    expectDetail(
      await client.post("/api/events/", { ...upcoming, image: "ftp://example.org/a.txt" }),
      422,
      "an event with a bad photo URL",
    );
    expectDetail(await visitor.post("/api/events/", upcoming), 401, "an event without a token");

    const both = expectList<CharityEvent>(
      await client.get("/api/events/?upcoming_only=false"),
      "GET /api/events/?upcoming_only=false",
    );
    expect(
      mine(both)
        .map((event) => event.id)
        .sort(),
    ).toEqual([ids.upcoming, ids.past].sort());
    for (const event of both) expect(event).toMatchObject(eventShape());
    // Without a query: past and upcoming events.
    expect(mine(expectList<CharityEvent>(await client.get("/api/events/"), "GET /api/events/")).length).toBe(2);
    const soon = expectList<CharityEvent>(
      await client.get("/api/events/?upcoming_only=true"),
      "GET /api/events/?upcoming_only=true",
    );
    expect(mine(soon).map((event) => event.id)).toEqual([ids.upcoming]);

    const one = await client.get(`/api/events/${ids.upcoming}`);
    expectOk(one, "GET /api/events/{id}", 200);
    expect(one.body).toMatchObject({ ...eventShape(), ...upcoming, id: ids.upcoming });

    const changed = {
      ...upcoming,
      title: `Ramadan iftar (second night) ${walk.tag}`,
      location: "Main hall",
      image: "https://example.org/photos/iftar.png",
    };
    const updated = await client.put(`/api/events/${ids.upcoming}`, changed);
    expectOk(updated, "PUT /api/events/{id}", 200);
    expect(updated.body).toMatchObject({ ...eventShape(), ...changed, id: ids.upcoming });
    expect((await client.get(`/api/events/${ids.upcoming}`)).body).toMatchObject(changed);
    expectDetail(await visitor.put(`/api/events/${ids.upcoming}`, changed), 401, "an event update without a token");

    const deleted = await client.delete(`/api/events/${ids.past}`);
    expectOk(deleted, "DELETE /api/events/{id}");
    expectDetail(await client.get(`/api/events/${ids.past}`), 404, "a deleted event");
    expectDetail(await client.put(`/api/events/${ids.past}`, past), 404, "updating a deleted event");
  });

  test("stories: list with active_only and featured_only, one, create, update with the same fields, delete", async ({
    walk,
  }) => {
    walk.walks(ROWS_WALKED_BY.stories);
    const { client, visitor } = walk;
    await walk.signIn();
    const mine = (stories: Story[]) => stories.filter((story) => story.title.includes(walk.tag));
    const featured = {
      title: `Water for Al-Noor ${walk.tag}`,
      summary: "A well for 300 families.",
      content: "It took a month to dig.",
      is_active: true,
      is_featured: true,
      video_url: "",
      image_filename: "https://example.org/photos/well.jpg",
    };
    const draft = {
      ...featured,
      title: `Draft story ${walk.tag}`,
      is_active: false,
      is_featured: false,
      image_filename: "",
    };
    const other = {
      ...featured,
      title: `School books ${walk.tag}`,
      is_featured: false,
      video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    };
    const ids: number[] = [];
    for (const story of [featured, draft, other]) {
      const created = await client.post<Story>("/api/stories/", story);
      expectOk(created, "POST /api/stories/");
      expect(created.body).toMatchObject({ ...storyShape(), ...story });
      ids.push(created.body.id);
    }
    const storyIds = { featured: ids[0]!, draft: ids[1]!, other: ids[2]! };
    expectDetail(await client.post("/api/stories/", { ...featured, summary: "" }), 422, "a story without a summary");
    expectDetail(await visitor.post("/api/stories/", featured), 401, "a story without a token");

    const home = expectList<Story>(
      await client.get("/api/stories/?active_only=true&featured_only=true"),
      "GET /api/stories/ (home)",
    );
    expect(mine(home).map((story) => story.id)).toEqual([storyIds.featured]);
    const admin = expectList<Story>(
      await client.get("/api/stories/?active_only=false&featured_only=false"),
      "GET /api/stories/ (admin)",
    );
    expect(
      mine(admin)
        .map((story) => story.id)
        .sort(),
    ).toEqual([...ids].sort());
    for (const story of admin) expect(story).toMatchObject(storyShape());
    const publicList = expectList<Story>(
      await visitor.get("/api/stories/?active_only=false&featured_only=false"),
      "GET /api/stories/ (a visitor)",
    );
    expect(publicList.map((story) => story.id)).not.toContain(storyIds.draft);
    expect(
      mine(publicList)
        .map((story) => story.id)
        .sort(),
    ).toEqual([storyIds.featured, storyIds.other].sort());

    const one = await client.get(`/api/stories/${storyIds.draft}`);
    expectOk(one, "GET /api/stories/{id}", 200);
    expect(one.body).toMatchObject({ ...storyShape(), ...draft, id: storyIds.draft });
    expectDetail(await visitor.get(`/api/stories/${storyIds.draft}`), 404, "an inactive story for a visitor");

    const edited = {
      ...draft,
      title: `Draft story, edited ${walk.tag}`,
      content: "Now with the whole text.",
      is_featured: true,
    };
    const updated = await client.put(`/api/stories/${storyIds.draft}`, edited);
    expectOk(updated, "PUT /api/stories/{id}", 200);
    expect(updated.body).toMatchObject({ ...storyShape(), ...edited, id: storyIds.draft, is_active: false });
    expectDetail(await visitor.put(`/api/stories/${storyIds.draft}`, edited), 401, "a story update without a token");

    const deleted = await client.delete(`/api/stories/${storyIds.other}`);
    expectOk(deleted, "DELETE /api/stories/{id}");
    expectDetail(await client.get(`/api/stories/${storyIds.other}`), 404, "a deleted story");
  });

  test("testimonials: list with approved_only, create, update with the listed fields, approve without a body, delete", async ({
    walk,
  }) => {
    walk.walks(ROWS_WALKED_BY.testimonials);
    const { client, visitor } = walk;
    await walk.signIn();
    const mine = (testimonials: Testimonial[]) =>
      testimonials.filter((testimonial) => testimonial.name.includes(walk.tag));
    const fields = {
      name: `Hana ${walk.tag}`,
      country: "Kenya",
      text: "The food parcels carried us through winter.",
      rating: 4,
      video_url: "",
      category: "recipient",
      is_approved: false,
      image_filename: "",
    };
    const ids: number[] = [];
    for (const name of ["Hana", "Idris", "Jamal"].map((first) => `${first} ${walk.tag}`)) {
      const created = await client.post<Testimonial>("/api/testimonials/", { ...fields, name });
      expectOk(created, "POST /api/testimonials/");
      expect(created.body).toMatchObject({ ...testimonialShape(), ...fields, name, is_approved: false });
      expectInteger(created.body.rating, "rating");
      ids.push(created.body.id);
    }
    const testimonialIds = { approved: ids[0]!, pending: ids[1]!, removed: ids[2]! };
    expectDetail(await client.post("/api/testimonials/", { ...fields, rating: 7 }), 422, "a rating beyond 5");
    expectDetail(
      await client.post("/api/testimonials/", { ...fields, category: "celebrity" }),
      422,
      "an unknown category",
    );
    expectDetail(await visitor.post("/api/testimonials/", fields), 401, "a testimonial without a token");

    expect(
      mine(
        expectList<Testimonial>(
          await client.get("/api/testimonials/?approved_only=true"),
          "GET /api/testimonials/?approved_only=true",
        ),
      ),
    ).toEqual([]);
    const admin = expectList<Testimonial>(
      await client.get("/api/testimonials/?approved_only=false"),
      "GET /api/testimonials/?approved_only=false",
    );
    expect(
      mine(admin)
        .map((row) => row.id)
        .sort(),
    ).toEqual([...ids].sort());
    for (const row of admin) expect(row).toMatchObject(testimonialShape());

    const approved = await client.patch(`/api/testimonials/${testimonialIds.approved}/approve`);
    expectOk(approved, "PATCH /api/testimonials/{id}/approve");
    expect(approved.body).toMatchObject({ ...testimonialShape(), id: testimonialIds.approved, is_approved: true });
    expectDetail(
      await visitor.patch(`/api/testimonials/${testimonialIds.pending}/approve`),
      401,
      "approve without a token",
    );
    expectDetail(await client.patch("/api/testimonials/999999/approve"), 404, "approve an unknown id");
    const home = expectList<Testimonial>(
      await client.get("/api/testimonials/?approved_only=true"),
      "approved testimonials",
    );
    expect(mine(home).map((row) => row.id)).toEqual([testimonialIds.approved]);
    // A visitor asking for every testimonial still sees only approved ones.
    const publicList = expectList<Testimonial>(
      await visitor.get("/api/testimonials/?approved_only=false"),
      "testimonials for a visitor",
    );
    expect(mine(publicList).map((row) => row.id)).toEqual([testimonialIds.approved]);
    expect(publicList.every((row) => row.is_approved)).toBe(true);

    const edited = {
      ...fields,
      name: `Idris ${walk.tag}`,
      country: "",
      text: "Edited text.",
      rating: 5,
      category: "volunteer",
      is_approved: false,
      image_filename: "https://example.org/photos/idris.webp",
    };
    const updated = await client.put(`/api/testimonials/${testimonialIds.pending}`, edited);
    expectOk(updated, "PUT /api/testimonials/{id}", 200);
    expect(updated.body).toMatchObject({ ...testimonialShape(), ...edited, id: testimonialIds.pending });
    expectDetail(
      await visitor.put(`/api/testimonials/${testimonialIds.pending}`, edited),
      401,
      "a testimonial update without a token",
    );

    const deleted = await client.delete(`/api/testimonials/${testimonialIds.removed}`);
    expectOk(deleted, "DELETE /api/testimonials/{id}");
    expectDetail(
      await client.delete(`/api/testimonials/${testimonialIds.removed}`),
      404,
      "delete a deleted testimonial",
    );
  });

  test("volunteers: public create (interest from the form's eight, else 422), admin list, delete", async ({ walk }) => {
    walk.walks(ROWS_WALKED_BY.volunteers);
    const { client, visitor } = walk;
    await walk.signIn();
    const signups = [
      { name: "Karim", email: walk.email("karim"), interest: "Food Distribution" },
      { name: "Lina", email: walk.email("lina"), interest: "Social Media & Marketing" },
    ];
    const volunteerIds: number[] = [];
    for (const signup of signups) {
      const created = await client.post<Volunteer>("/api/volunteers/", signup);
      expectOk(created, "POST /api/volunteers/");
      expect(created.body).toEqual({ ...volunteerShape(), ...signup });
      volunteerIds.push(created.body.id);
    }
    expectDetail(
      await client.post("/api/volunteers/", { name: "Mo", email: walk.email("mo"), interest: "Knitting" }),
      422,
      "an interest not on the form's list",
    );
    expectDetail(
      await client.post("/api/volunteers/", { name: "Mo", email: "not-an-email", interest: "Other" }),
      422,
      "a bad email",
    );

    const list = expectList<Volunteer>(await client.get("/api/volunteers/"), "GET /api/volunteers/");
    expect(
      walk
        .mine(list)
        .map((row) => row.id)
        .sort(),
    ).toEqual([...volunteerIds].sort());
    for (const row of list) expect(row).toEqual(volunteerShape());
    expectDetail(await visitor.get("/api/volunteers/"), 401, "the volunteer list without a token");

    expectDetail(await visitor.delete(`/api/volunteers/${volunteerIds[0]}`), 401, "delete a volunteer without a token");
    const deleted = await client.delete(`/api/volunteers/${volunteerIds[0]}`);
    expectOk(deleted, "DELETE /api/volunteers/{id}");
    expectDetail(await client.delete(`/api/volunteers/${volunteerIds[0]}`), 404, "delete a deleted volunteer");
    expect(
      walk
        .mine(expectList<Volunteer>(await client.get("/api/volunteers/"), "volunteers after delete"))
        .map((row) => row.id),
    ).toEqual([volunteerIds[1]]);
  });

  test("GET /api/admin/dashboard: the dashboard's figures, reflecting what the test created", async ({ walk }) => {
    walk.walks(ROWS_WALKED_BY.dashboard);
    const { client, visitor } = walk;
    await walk.signIn();
    const before = await dashboardOf(walk);

    // Gifts: one offline, one monthly paid in the sandbox (its subscription counts too).
    const offline = { amount: 80.25, name: "Nadia Offline", email: walk.email("nadia"), payment_method: "cash" };
    made(await client.post("/api/donations/", offline), "an offline gift");
    const monthly = {
      amount: 30,
      name: "Omar Monthly",
      email: walk.email("omar"),
      purpose: "Zakat",
      interval: "month",
      payment_day: 1,
    };
    await walk.payInSandbox(
      made(await client.post<Checkout>("/api/donations/create-subscription", monthly), "a monthly gift").id,
    );
    // Events: two made, one deleted.
    const event = { description: "A gathering.", date: "2099-01-01", location: "Hall", image: "" };
    const events: number[] = [];
    for (const title of ["Kept", "Deleted"])
      events.push(
        made(await client.post<CharityEvent>("/api/events/", { ...event, title: `${title} ${walk.tag}` }), "an event")
          .id,
      );
    expectOk(await client.delete(`/api/events/${events[1]}`), "delete an event");
    // Stories: an active one, a draft, and one deleted.
    const story = { summary: "S", content: "C", is_featured: false, video_url: "", image_filename: "" };
    const stories: number[] = [];
    for (const [title, is_active] of [
      ["Active", true],
      ["Draft", false],
      ["Deleted", true],
    ] as const) {
      stories.push(
        made(
          await client.post<Story>("/api/stories/", { ...story, title: `${title} ${walk.tag}`, is_active }),
          "a story",
        ).id,
      );
    }
    expectOk(await client.delete(`/api/stories/${stories[2]}`), "delete a story");
    // Testimonials: two waiting, one approved.
    const testimonial = {
      country: "",
      text: "Thank you.",
      rating: 5,
      video_url: "",
      category: "donor",
      is_approved: false,
      image_filename: "",
    };
    const testimonials: number[] = [];
    for (const name of ["Pending", "Approved", "Also pending"]) {
      testimonials.push(
        made(
          await client.post<Testimonial>("/api/testimonials/", { ...testimonial, name: `${name} ${walk.tag}` }),
          "a testimonial",
        ).id,
      );
    }
    expectOk(await client.patch(`/api/testimonials/${testimonials[1]}/approve`), "approve a testimonial");
    // Volunteers: two signed up, one removed.
    const volunteers: number[] = [];
    for (const name of ["Rania", "Sami"]) {
      volunteers.push(
        made(
          await client.post<Volunteer>("/api/volunteers/", { name, email: walk.email(name), interest: "Other" }),
          "a volunteer",
        ).id,
      );
    }
    expectOk(await client.delete(`/api/volunteers/${volunteers[0]}`), "delete a volunteer");
    // Contact messages: three sent, one resolved, one deleted.
    const contacts: number[] = [];
    for (const name of ["Tala", "Umar", "Wafa"]) {
      contacts.push(
        made(
          await client.post<Contact>("/api/contact/", { name, email: walk.email(name), message: "Salaam." }),
          "a contact message",
        ).id,
      );
    }
    expectOk(await client.patch(`/api/contact/${contacts[0]}/resolve`), "resolve a message");
    expectOk(await client.delete(`/api/contact/${contacts[2]}`), "delete a message");

    const dashboard = await client.get<Dashboard>("/api/admin/dashboard");
    expectOk(dashboard, "GET /api/admin/dashboard", 200);
    expect(dashboard.body).toMatchObject({
      donations: {
        total_amount: round(before.donations.total_amount + offline.amount + monthly.amount),
        total_donors: before.donations.total_donors + 2,
      },
      content: {
        events: before.content.events + 1,
        stories: before.content.stories + 2,
        active_stories: before.content.active_stories + 1,
        pending_testimonials: before.content.pending_testimonials + 2,
        subscriptions: before.content.subscriptions + 1,
      },
      volunteers: { total: before.volunteers.total + 1 },
      contacts: {
        total_messages: before.contacts.total_messages + 2,
        pending: before.contacts.pending + 1,
        resolved: before.contacts.resolved + 1,
      },
    });
    expectDetail(await visitor.get("/api/admin/dashboard"), 401, "the dashboard without a token");
  });

  test("settings: list of the fourteen keys (and giving's five, where Total Raised comes from and whether staff need two-factor), one, create, update {value, description} (numbers as strings too), delete", async ({
    walk,
  }) => {
    walk.walks(ROWS_WALKED_BY.settings);
    const { client, visitor } = walk;
    await walk.signIn();
    const list = expectList<Setting>(await client.get("/api/settings/"), "GET /api/settings/");
    // Only this test makes settings, and it removes what it made: the fourteen keys the client
    // knows, the five giving settings (card fee, emergency appeal, Ramadan's first night and hour), where Total
    // Raised comes from, the disbursements' approval threshold and whether staff need two-factor, that exist from the
    // first start.
    expect(list.map((row) => row.key).sort()).toEqual(
      [
        ...FOURTEEN_KEYS,
        "card_fee_percent",
        "card_fee_fixed",
        "emergency_appeal",
        "ramadan_first_night",
        "ramadan_charge_hour",
        "total_raised_source",
        "disbursement_approval_threshold",
        "require_two_factor",
      ].sort(),
    );
    for (const row of list) expect(row).toEqual(settingShape());

    const one = await client.get("/api/settings/meals_provided");
    expectOk(one, "GET /api/settings/{key}", 200);
    expect(one.body).toEqual({ ...settingShape(), key: "meals_provided" });
    expectDetail(await client.get("/api/settings/no_such_key"), 404, "an unknown setting");

    const created = await client.post("/api/settings/", {
      key: "spec_client_note",
      value: "hello",
      description: "Made by the spec client",
    });
    expectOk(created, "POST /api/settings/");
    expect(created.body).toEqual({
      ...settingShape(),
      key: "spec_client_note",
      value: "hello",
      description: "Made by the spec client",
    });
    expectDetail(
      await client.post("/api/settings/", { key: "spec_client_note", value: "again" }),
      409,
      "a setting that exists",
    );
    expectDetail(
      await visitor.post("/api/settings/", { key: "visitor_note", value: "x" }),
      401,
      "a setting without a token",
    );

    const meals = await client.put("/api/settings/meals_provided", {
      value: "31855",
      description: "Meals served since 2015",
    });
    expectOk(meals, "PUT /api/settings/{key} (value as a string)", 200);
    expect(meals.body).toEqual({
      ...settingShape(),
      key: "meals_provided",
      value: "31855",
      description: "Meals served since 2015",
    });
    const raised = await client.put("/api/settings/total_raised", {
      value: 875000,
      description: "Total raised, in US dollars",
    });
    expectOk(raised, "PUT /api/settings/{key} (value as a number)", 200);
    expect(raised.body).toMatchObject({ key: "total_raised", value: "875000" });
    expectDetail(
      await client.put("/api/settings/families_supported", { value: "many", description: "" }),
      422,
      "a statistic that is not a number",
    );
    expectDetail(
      await visitor.put("/api/settings/meals_provided", { value: "1", description: "" }),
      401,
      "a setting update without a token",
    );
    const stats = (await client.get("/api/donations/stats")).body;
    expect(stats).toMatchObject({ impact: { meals: 31855 }, total_raised: 875000 });
    // A typed figure is the site's from then on; the test gives Total Raised back to the books, as the demo started.
    expectOk(
      await client.put("/api/settings/total_raised_source", { value: "books" }),
      "PUT /api/settings/{key} (back to the books)",
      200,
    );

    const deleted = await client.delete("/api/settings/spec_client_note");
    expectOk(deleted, "DELETE /api/settings/{key}");
    expectDetail(await client.get("/api/settings/spec_client_note"), 404, "a deleted setting");
    expectDetail(await visitor.delete("/api/settings/meals_provided"), 401, "delete a setting without a token");
  });

  test("sign out: the same stored token keeps being sent; public calls still answer, admin calls are 401", async ({
    walk,
  }) => {
    const { client } = walk;
    await walk.signIn();
    // What the public may read, and a draft it may not, made while signed in.
    const upcoming = made(
      await client.post<CharityEvent>("/api/events/", {
        title: `Open day ${walk.tag}`,
        description: "All welcome.",
        date: "2099-05-01",
        location: "Hall",
        image: "",
      }),
      "an event",
    );
    const story = { summary: "S", content: "C", video_url: "", image_filename: "" };
    const featured = made(
      await client.post<Story>("/api/stories/", {
        ...story,
        title: `Featured ${walk.tag}`,
        is_active: true,
        is_featured: true,
      }),
      "a featured story",
    );
    const draft = made(
      await client.post<Story>("/api/stories/", {
        ...story,
        title: `Draft ${walk.tag}`,
        is_active: false,
        is_featured: false,
      }),
      "a draft story",
    );
    const pending = made(
      await client.post<Testimonial>("/api/testimonials/", {
        name: `Yara ${walk.tag}`,
        country: "",
        text: "Waiting for approval.",
        rating: 5,
        video_url: "",
        category: "donor",
        is_approved: false,
        image_filename: "",
      }),
      "a pending testimonial",
    );

    const stale = client.token;
    const logout = await client.post("/api/auth/logout");
    expectOk(logout, "POST /api/auth/logout");
    expect(client.token).toBe(stale); // the spec's client keeps sending what it stored

    const publicGets = [
      "/api/donations/stats",
      "/api/events/?upcoming_only=false",
      `/api/events/${upcoming.id}`,
      "/api/stories/?active_only=true&featured_only=true",
      "/api/stories/?active_only=false&featured_only=false",
      `/api/stories/${featured.id}`,
      "/api/testimonials/?approved_only=true",
      "/api/settings/",
      "/api/settings/meals_provided",
    ];
    for (const pathname of publicGets) expectOk(await client.get(pathname), `${pathname} with a revoked token`, 200);
    // A revoked token is nobody: the public sees no draft.
    const stories = (await client.get<Story[]>("/api/stories/?active_only=false&featured_only=false")).body;
    expect(stories.map((row) => row.id)).toContain(featured.id);
    expect(stories.map((row) => row.id)).not.toContain(draft.id);
    expectDetail(await client.get(`/api/stories/${draft.id}`), 404, "a draft story with a revoked token");

    // Public writes still go through with the stale token attached.
    expectOk(
      await client.post("/api/donations/calculate-zakat", { cash: 1000 }),
      "calculate-zakat with a revoked token",
      200,
    );
    expectOk(
      await client.post("/api/contact/", { name: "Nour", email: walk.email("nour"), message: "Hello again" }),
      "POST /api/contact/ with a revoked token",
    );
    expectOk(
      await client.post("/api/volunteers/", { name: "Omar", email: walk.email("omar"), interest: "Other" }),
      "POST /api/volunteers/ with a revoked token",
    );
    const checkout = await client.post("/api/donations/create-payment-session", {
      amount: 10,
      name: "Pia",
      email: walk.email("pia"),
      purpose: "Education",
      frequency: "One-Time",
    });
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
    expectDetail(
      await client.put("/api/settings/meals_provided", { value: "1", description: "" }),
      401,
      "a setting update with a revoked token",
    );
    expectDetail(await client.patch(`/api/testimonials/${pending.id}/approve`), 401, "approve with a revoked token");

    // Signing in again with the stale token still attached works, and the new token is an admin's.
    const again = await client.post<Login>("/api/auth/login", ADMIN);
    expectOk(again, "login with a revoked token attached", 200);
    expect(again.body.access_token).not.toBe(stale);
    client.token = again.body.access_token;
    expectOk(await client.get("/api/admin/dashboard"), "the dashboard with the new token", 200);
  });
});
