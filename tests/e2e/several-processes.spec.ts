import Stripe from "stripe";
import { expect, test } from "@playwright/test";
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from "../support/fake-stripe";
import { signIn, startTwoProcesses, TWO_PROCESS_ADMIN, type SiteProcess, type TwoProcesses } from "./two-processes";

/**
 * A foundation's two app processes on one database (two replicas behind a proxy): what one
 * process does, the other sees and respects. On the PostgreSQL pass the processes share a
 * PostgreSQL database; on the SQLite pass one file. No browser: what is tested is between
 * the processes, through real HTTP.
 */
test.describe.configure({ mode: "serial" });

async function apiToken(site: SiteProcess): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(TWO_PROCESS_ADMIN),
  });
  expect(response.status, `sign-in on ${site.name}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A gift through the donate form and the sandbox's checkout page, as a donor without JavaScript. */
async function giveInTheSandbox(site: SiteProcess, email: string): Promise<void> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual" as const,
  });
  const started = await fetch(
    `${site.url}/donate`,
    form({ name: "Yusuf Ali", email, purpose: "Zakat", amount: "50", frequency: "One-Time" }),
  );
  expect(started.status).toBe(303);
  const checkout = started.headers.get("Location")!;
  const paid = await fetch(checkout, form({ intent: "pay" }));
  expect(paid.status).toBe(303);
}

test.describe("two processes on one database, in sandbox mode", () => {
  let sites: TwoProcesses;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    sites = await startTwoProcesses();
  });
  test.afterAll(async () => sites?.stop());

  test("start together on an empty database: one prepares it, the other finds it ready", async () => {
    const admins = await sites.db.selectFrom("admins").select("username").execute();
    expect(admins).toEqual([{ username: TWO_PROCESS_ADMIN.username }]);
    // The demo was seeded once: no story, fund or appeal twice.
    const stories = await sites.db.selectFrom("stories").select("title").execute();
    expect(stories.length).toBeGreaterThan(0);
    expect(new Set(stories.map((story) => story.title)).size).toBe(stories.length);
    const appeals = await sites.db.selectFrom("appeals").select("slug").execute();
    expect(new Set(appeals.map((appeal) => appeal.slug)).size).toBe(appeals.length);
    const migrations = await sites.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect(new Set(migrations.map((row) => (row as { name: string }).name)).size).toBe(migrations.length);
  });

  test("a staff sign-in and an API token made on one process are good on the other", async () => {
    const cookie = await signIn(sites.a);
    const dashboard = await fetch(`${sites.b.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(TWO_PROCESS_ADMIN.username);

    const token = await apiToken(sites.b);
    const donations = await fetch(`${sites.a.url}/api/donations/`, { headers: { Authorization: `Bearer ${token}` } });
    expect(donations.status).toBe(200);
    const signedOut = await fetch(`${sites.a.url}/api/auth/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(signedOut.status).toBeLessThan(300);
    expect(
      (await fetch(`${sites.b.url}/api/donations/`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
  });

  test("a donor's sign-in link mailed by one process opens My giving on the other, once", async () => {
    const email = `two-processes-${Date.now()}@example.org`;
    // Only a donor is mailed a link: a sandbox gift first, paid on the other process.
    await giveInTheSandbox(sites.b, email);
    const asked = await fetch(`${sites.a.url}/my-giving`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: sites.a.url },
      body: new URLSearchParams({ intent: "request-link", email }).toString(),
      redirect: "manual",
    });
    expect(asked.status).toBeLessThan(400);
    const mail = await sites.db
      .selectFrom("outbound_mail")
      .select("text_body")
      .where("to_address", "=", email)
      .where("kind", "=", "giving-link")
      .executeTakeFirstOrThrow();
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;

    const open = (site: SiteProcess) =>
      fetch(`${site.url}/my-giving/sign-in`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
        body: new URLSearchParams({ token }).toString(),
        redirect: "manual",
      });
    const opened = await open(sites.b);
    expect(opened.status).toBe(303);
    const cookie = opened.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const giving = await fetch(`${sites.a.url}/my-giving`, { headers: { Cookie: cookie } });
    expect(await giving.text()).toContain(email);
    // Used once: the same link on the first process is refused.
    expect(await (await open(sites.a)).text()).toContain("This link has expired or was already used.");
  });

  test("the public forms' limit is one allowance for both processes, not one each", async () => {
    const post = (site: SiteProcess, n: number) =>
      fetch(`${site.url}/api/contact/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: `Visitor ${n}`,
          email: `visitor-${n}@example.org`,
          message: "As-salamu alaykum, a question about Zakat.",
        }),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 14; n += 1) statuses.push((await post(n % 2 ? sites.b : sites.a, n)).status);
    // Ten messages an address in ten minutes, however the proxy shares them out.
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  test("sign-in attempts are counted once for both processes", async () => {
    const attempt = (site: SiteProcess) =>
      fetch(`${site.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "guessed-admin", password: "not-the-password" }),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 7; n += 1) statuses.push((await attempt(n % 2 ? sites.b : sites.a)).status);
    // Five wrong passwords for one account from one address, then a wait.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  test("a staff change made through one process is shown at once by the other's kept pages", async () => {
    const token = await apiToken(sites.a);
    const title = `Wells for Tharparkar ${Date.now()}`;
    // Both processes keep /stories for visitors.
    for (const site of [sites.a, sites.b]) {
      for (let n = 0; n < 2; n += 1) expect((await fetch(`${site.url}/stories`)).status).toBe(200);
      expect(await (await fetch(`${site.url}/stories`)).text()).not.toContain(title);
    }
    const created = await fetch(`${sites.a.url}/api/stories/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title,
        summary: "Clean water for a village.",
        content: "Twelve wells were dug this spring.",
      }),
    });
    expect(created.status).toBe(201);
    expect(await (await fetch(`${sites.a.url}/stories`)).text()).toContain(title);
    const started = Date.now();
    await expect
      .poll(async () => (await fetch(`${sites.b.url}/stories`)).text(), { timeout: 2_000, intervals: [20] })
      .toContain(title);
    // Well within the 2 seconds a kept page would otherwise live.
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

test.describe("two processes on one database, with Stripe", () => {
  const WEBHOOK_SECRET = "whsec_two_processes_secret";
  let stripe: FakeStripe;
  let sites: TwoProcesses;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    stripe = await startFakeStripe();
    sites = await startTwoProcesses({
      STRIPE_SECRET_KEY: "sk_test_two_processes",
      STRIPE_PUBLISHABLE_KEY: "pk_test_two_processes",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
  });
  test.afterAll(async () => {
    await sites?.stop();
    await stripe?.close();
  });

  const deliver = (site: SiteProcess, event: FakeStripeEvent) => {
    const payload = JSON.stringify(event);
    return fetch(`${site.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
  };

  async function startGift(site: SiteProcess, email: string, frequency: string): Promise<string> {
    const response = await fetch(`${site.url}/donate`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
      body: new URLSearchParams({
        name: "Maryam Siddiqui",
        email,
        purpose: "Zakat",
        amount: "120",
        frequency,
      }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    return response.headers.get("Location")!.split("/").pop()!;
  }

  for (const frequency of ["One-Time", "Monthly"]) {
    test(`a ${frequency} gift reported by webhooks, Sync and the thank-you page on both processes at once is one gift with one receipt`, async () => {
      const email = `maryam-${frequency.toLowerCase()}-${Date.now()}@example.org`;
      const sessionId = await startGift(sites.a, email, frequency);
      const events = stripe.pay(sessionId);
      const token = await apiToken(sites.b);
      const sync = (site: SiteProcess) =>
        fetch(`${site.url}/api/donations/sync-stripe-data`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}` },
        });
      const thanks = (site: SiteProcess) => fetch(`${site.url}/donation-success?session_id=${sessionId}`);
      const answers = await Promise.all([
        ...events.flatMap((event) => [deliver(sites.a, event), deliver(sites.b, event)]),
        ...events.flatMap((event) => [deliver(sites.b, event)]),
        sync(sites.a),
        sync(sites.b),
        thanks(sites.a),
        thanks(sites.b),
      ]);
      for (const answer of answers) expect(answer.status, answer.url).toBeLessThan(500);

      const gifts = await sites.db
        .selectFrom("donations")
        .select(["id", "amount_cents"])
        .where("email", "=", email)
        .execute();
      expect(gifts).toHaveLength(1);
      expect(gifts[0]!.amount_cents).toBe(12_000);
      const receipts = await sites.db
        .selectFrom("outbound_mail")
        .select("id")
        .where("to_address", "=", email)
        .where("kind", "=", "receipt")
        .execute();
      expect(receipts).toHaveLength(1);
      if (frequency === "Monthly") {
        expect(
          await sites.db.selectFrom("subscriptions").select("id").where("email", "=", email).execute(),
        ).toHaveLength(1);
      }
    });
  }
});
