import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCookie } from "react-router";
import { getDb } from "~/lib/db.server";
import { getSessionSecret } from "~/lib/session-secret.server";
import { pruneExpiredSessions } from "~/lib/session.server";
import * as donate from "~/giving/donate/routes/donate";
import * as myGiving from "~/donors/my-giving/routes/my-giving";
import * as signIn from "~/donors/my-giving/routes/my-giving-sign-in";
import * as statement from "~/donors/my-giving/routes/my-giving-statement";
import { clearGiving } from "../../../../tests/support/giving-records";
import { callRoute, callWithRequest, unwrapData } from "../../../../tests/support/routes";
import { deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";
import { newGift } from "../../../../tests/support/builders";

/**
 * /my-giving: single-use links by email, a donor's own gifts and statements, and stopping a monthly gift at the
 * provider.
 */
const fakeStripe = useFakeStripe();
let visitor = 0;
const newAddress = () => `198.51.100.${(visitor += 1)}`;

beforeEach(async () => {
  await clearGiving();
  for (const table of ["outbound_mail", "giving_sign_in_links", "donor_sessions"] as const)
    await getDb().deleteFrom(table).execute();
});

async function give(fields: Record<string, string>): Promise<string> {
  const response = (await callRoute(donate.action, "/donate", {
    form: {
      name: "Aisha Khan",
      email: "Aisha@Example.org",
      purpose: "Zakat",
      amount: "40",
      frequency: "One-Time",
      ...fields,
    },
    clientAddress: newAddress(),
  })) as Response;
  const sessionId = response.headers.get("Location")!.split("/").pop()!;
  await deliverAll(fakeStripe().pay(sessionId));
  return sessionId;
}

async function askForLink(email: string) {
  return (await callRoute(myGiving.action, "/my-giving", {
    form: { intent: "request-link", email },
    clientAddress: newAddress(),
  })) as Response;
}

const linkMails = () =>
  getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", "giving-link").orderBy("id").execute();
const tokenIn = (text: string) => /\/my-giving\/sign-in\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

async function signInWith(token: string): Promise<string> {
  const answer = (await callRoute(signIn.action, "/my-giving/sign-in", { form: { token } })) as Response;
  expect(answer.status).toBe(303);
  return answer.headers.get("Set-Cookie")!.split(";")[0]!;
}

describe("asking for a link", () => {
  it("answers the same for any address, and mails a link only to one that has given", async () => {
    await give({});
    for (const email of ["aisha@example.org", "stranger@example.org"]) {
      const answer = await askForLink(email);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/my-giving?sent=1");
    }
    const mails = await linkMails();
    expect(mails.map((mail) => mail.to_address)).toEqual(["aisha@example.org"]);
    expect(mails[0]!.subject).toBe("Your link to your giving");
    expect(mails[0]!.text_body).toMatch(
      /See my giving: http:\/\/localhost:3000\/my-giving\/sign-in\?token=[A-Za-z0-9_-]{43}/,
    );
    // Only a hash is kept.
    const token = tokenIn(mails[0]!.text_body);
    const [stored] = await getDb().selectFrom("giving_sign_in_links").selectAll().execute();
    expect(stored!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("builds the link from the site's own address, never from the Host a request claims", async () => {
    await give({});
    const spoofed = new Request("http://evil.example/my-giving", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "evil.example" },
      body: new URLSearchParams({ intent: "request-link", email: "aisha@example.org" }),
    });
    await callWithRequest(myGiving.action, spoofed, { clientAddress: newAddress() });
    const [mail] = await linkMails();
    expect(mail!.text_body).toContain("http://localhost:3000/my-giving/sign-in?token=");
    expect(mail!.text_body).not.toContain("evil.example");
  });

  it("forgets links a day after they expired, at start-up", async () => {
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await getDb()
      .insertInto("giving_sign_in_links")
      .values({ email: "old@example.org", token_hash: "old-hash", created_at: old, expires_at: old })
      .execute();
    await pruneExpiredSessions();
    expect(await getDb().selectFrom("giving_sign_in_links").select("email").execute()).toEqual([]);
  });

  it("sends at most five links an hour to one address", async () => {
    await give({});
    for (let ask = 0; ask < 7; ask += 1) expect((await askForLink("aisha@example.org")).status).toBe(303);
    expect(await linkMails()).toHaveLength(5);
  });

  it("refuses a malformed address with a field error, keeping what was typed", async () => {
    const answer = unwrapData(
      await callRoute(myGiving.action, "/my-giving", {
        form: { intent: "request-link", email: "aisha@" },
        clientAddress: newAddress(),
      }),
    );
    expect(answer).toMatchObject({
      status: 400,
      data: { field: "email", email: "aisha@", error: "Please enter a valid email address" },
    });
  });
});

describe("the link", () => {
  it("works once, and not after 30 minutes", async () => {
    await give({});
    await askForLink("aisha@example.org");
    await askForLink("aisha@example.org");
    const [first, second] = (await linkMails()).map((mail) => tokenIn(mail.text_body));
    // Opening it (a GET, as mail scanners do) uses nothing up.
    expect(await callRoute(signIn.loader, `/my-giving/sign-in?token=${first}`)).toEqual({ token: first });
    await signInWith(first!);
    expect(await callRoute(signIn.action, "/my-giving/sign-in", { form: { token: first! } })).toEqual({
      expired: true,
    });

    await getDb()
      .updateTable("giving_sign_in_links")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("used_at", "is", null)
      .execute();
    expect(await callRoute(signIn.action, "/my-giving/sign-in", { form: { token: second! } })).toEqual({
      expired: true,
    });
    expect(await callRoute(signIn.action, "/my-giving/sign-in", { form: { token: "made-up" } })).toEqual({
      expired: true,
    });
  });

  it("opens the donor's own gifts with receipts, totals by year and the annual statement", async () => {
    await give({ amount: "40" });
    await give({ amount: "60", purpose: "Orphan Care" });
    await askForLink("aisha@example.org");
    const cookie = await signInWith(tokenIn((await linkMails())[0]!.text_body));

    // Dated in a fixed year, not the clock's: the totals and the statement must be for that year.
    const year = 2025;
    await getDb()
      .updateTable("donations")
      .set({ donated_at: "2025-03-01T12:00:00.000Z" })
      .where("amount_cents", "=", 4000)
      .execute();
    await getDb()
      .updateTable("donations")
      .set({ donated_at: "2025-03-02T12:00:00.000Z" })
      .where("amount_cents", "=", 6000)
      .execute();
    const read = async () =>
      (await callRoute(myGiving.loader, "/my-giving", { headers: { Cookie: cookie } })) as Extract<
        Awaited<ReturnType<typeof myGiving.loader>>,
        { signedIn: true }
      >;
    // Stripe test keys make these test payments: listed, never counted.
    const testing = await read();
    expect(testing.signedIn).toBe(true);
    expect(testing.gifts.map((gift) => gift.amount_cents)).toEqual([6000, 4000]);
    expect(testing.gifts.every((gift) => /^\/receipts\/[A-Za-z0-9_-]{22}$/.test(gift.receipt_path ?? ""))).toBe(true);
    expect(testing).toMatchObject({ years: [], testGifts: 2 });

    await getDb().updateTable("donations").set({ is_test: 0 }).execute();
    expect((await read()).years).toEqual([{ year, total_cents: 10000, gifts: 2 }]);
    const sheet = (await callRoute(statement.loader, `/my-giving/statement/${year}`, {
      headers: { Cookie: cookie },
      params: { year: String(year) },
    })) as Awaited<ReturnType<typeof statement.loader>>;
    // Named for the donor, with the Zakat in the year (the $40 gift) said apart.
    expect(sheet).toMatchObject({
      year,
      total_cents: 10000,
      zakat_cents: 4000,
      email: "aisha@example.org",
      donor_name: "Aisha Khan",
    });
    expect(sheet.gifts.map((gift) => gift.amount_cents)).toEqual([4000, 6000]);

    // Only a year with real gifts has a statement.
    const sheetFor = async (param: string) =>
      unwrapData(
        await callRoute(statement.loader, `/my-giving/statement/${param}`, {
          headers: { Cookie: cookie },
          params: { year: param },
        }),
      ).status;
    expect(await sheetFor(String(year - 1))).toBe(404);
    expect(await sheetFor("twenty")).toBe(404);
    await getDb().updateTable("donations").set({ is_test: 1 }).execute();
    expect(await sheetFor(String(year))).toBe(404);

    const signedOut = (await callRoute(statement.loader, `/my-giving/statement/${year}`, {
      params: { year: String(year) },
    })) as Response;
    expect(signedOut.headers.get("Location")).toBe("/my-giving");
    expect(await callRoute(myGiving.loader, "/my-giving")).toEqual({
      signedIn: false,
      linkSent: false,
      signedOut: false,
    });
  });
});

describe("the signed-in view", () => {
  afterEach(() => vi.useRealTimers());

  it("opens nothing for a forged, unknown or old-style cookie, and signing out with one does no harm", async () => {
    const closed = { signedIn: false, linkSent: false, signedOut: false };
    const open = async (cookie: string) => callRoute(myGiving.loader, "/my-giving", { headers: { Cookie: cookie } });
    // Before sessions were stored, the cookie carried the email itself (signed, but now no id).
    const oldStyle = await createCookie("my_giving", { secrets: [getSessionSecret()] }).serialize({
      email: "aisha@example.org",
      expiresAt: Date.now() + 3600_000,
    });
    expect(await open(oldStyle.split(";")[0]!)).toEqual(closed);
    expect(await open("my_giving=eyJmb3JnZWQiOnRydWV9.bad-signature")).toEqual(closed);
    const unknownId = await createCookie("my_giving", { secrets: [getSessionSecret()] }).serialize("no-such-session");
    expect(await open(unknownId.split(";")[0]!)).toEqual(closed);
    const out = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "sign-out" },
      headers: { Cookie: oldStyle.split(";")[0]! },
    })) as Response;
    expect(out.status).toBe(303);
  });

  it("ends the browser's earlier view when it signs in again", async () => {
    await give({});
    await askForLink("aisha@example.org");
    await askForLink("aisha@example.org");
    const [first, second] = (await linkMails()).map((mail) => tokenIn(mail.text_body));
    const earlier = await signInWith(first!);
    const answer = (await callRoute(signIn.action, "/my-giving/sign-in", {
      form: { token: second! },
      headers: { Cookie: earlier },
    })) as Response;
    expect(answer.status).toBe(303);
    expect(await getDb().selectFrom("donor_sessions").select("email").execute()).toHaveLength(1);
    expect(await callRoute(myGiving.loader, "/my-giving", { headers: { Cookie: earlier } })).toMatchObject({
      signedIn: false,
    });
    expect(
      await callRoute(myGiving.loader, "/my-giving", {
        headers: { Cookie: answer.headers.get("Set-Cookie")!.split(";")[0]! },
      }),
    ).toMatchObject({ signedIn: true });
  });

  it("ends on the server at 'Sign out': a copy of the cookie opens nothing afterwards", async () => {
    await give({});
    await askForLink("aisha@example.org");
    const cookie = await signInWith(tokenIn((await linkMails())[0]!.text_body));
    expect(await getDb().selectFrom("donor_sessions").select("email").execute()).toEqual([
      { email: "aisha@example.org" },
    ]);
    const out = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "sign-out" },
      headers: { Cookie: cookie },
    })) as Response;
    expect(out.status).toBe(303);
    expect(out.headers.get("Set-Cookie")).toMatch(/^my_giving=;/);
    expect(await getDb().selectFrom("donor_sessions").selectAll().execute()).toEqual([]);
    // The copy kept from before signing out.
    expect(await callRoute(myGiving.loader, "/my-giving", { headers: { Cookie: cookie } })).toEqual({
      signedIn: false,
      linkSent: false,
      signedOut: false,
    });
  });

  it("ends after two hours, whatever the browser keeps", async () => {
    await give({});
    await askForLink("aisha@example.org");
    const cookie = await signInWith(tokenIn((await linkMails())[0]!.text_body));
    expect(await callRoute(myGiving.loader, "/my-giving", { headers: { Cookie: cookie } })).toMatchObject({
      signedIn: true,
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 3600_000 + 1000);
    expect(await callRoute(myGiving.loader, "/my-giving", { headers: { Cookie: cookie } })).toEqual({
      signedIn: false,
      linkSent: false,
      signedOut: false,
    });
  });
});

describe("a monthly gift", () => {
  it("is canceled at the provider first, then shown canceled here at once; another donor's cannot be", async () => {
    const sessionId = await give({ amount: "25", frequency: "Monthly" });
    const providerId = fakeStripe().sessions.get(sessionId)!.subscription as string;
    await askForLink("aisha@example.org");
    const cookie = await signInWith(tokenIn((await linkMails())[0]!.text_body));
    const page = (await callRoute(myGiving.loader, "/my-giving", { headers: { Cookie: cookie } })) as Extract<
      Awaited<ReturnType<typeof myGiving.loader>>,
      { signedIn: true }
    >;
    const [monthly] = page.recurring;
    expect(monthly).toMatchObject({ amount_cents: 2500, interval: "month", status: "active" });

    const asking = (await callRoute(myGiving.loader, `/my-giving?cancel=${monthly!.id}`, {
      headers: { Cookie: cookie },
    })) as typeof page;
    expect(asking.canceling?.id).toBe(monthly!.id);

    // Someone else's browser (another donor signed in) cannot stop it.
    await newGift({ name: "Omar", email: "omar@example.org", amount_cents: 100, frequency: "One-Time" });
    await askForLink("omar@example.org");
    const omar = await signInWith(tokenIn((await linkMails()).at(-1)!.text_body));
    const refused = unwrapData(
      await callRoute(myGiving.action, "/my-giving", {
        form: { intent: "cancel", id: String(monthly!.id) },
        headers: { Cookie: omar },
      }),
    );
    // Not Omar's to stop: the shared form mapper's answer for a gift not found (404), as for 'Update payment card'.
    expect(refused).toMatchObject({ status: 404, data: { error: "That recurring gift is no longer active." } });
    expect(fakeStripe().subscriptions.get(providerId)!.status).toBe("active");

    const done = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "cancel", id: String(monthly!.id) },
      headers: { Cookie: cookie },
    })) as Response;
    expect(done.headers.get("Location")).toBe("/my-giving?canceled=1");
    expect(fakeStripe().subscriptions.get(providerId)!.status).toBe("canceled");
    const after = (await callRoute(myGiving.loader, "/my-giving?canceled=1", {
      headers: { Cookie: cookie },
    })) as typeof page;
    expect(after.recurring[0]!.status).toBe("canceled");
    expect(after.canceled).toBe(true);
  });
});

describe("'Update payment card'", () => {
  it("opens Stripe's billing portal for the donor's own customer, returning to /my-giving", async () => {
    const sessionId = await give({ amount: "30", frequency: "Monthly" });
    const customer = fakeStripe().subscriptions.get(
      fakeStripe().sessions.get(sessionId)!.subscription as string,
    )!.customer;
    await askForLink("aisha@example.org");
    const cookie = await signInWith(tokenIn((await linkMails())[0]!.text_body));
    const page = (await callRoute(myGiving.loader, "/my-giving", { headers: { Cookie: cookie } })) as Extract<
      Awaited<ReturnType<typeof myGiving.loader>>,
      { signedIn: true }
    >;
    expect(page.recurring[0]!.card_on_file).toBe(true);

    const answer = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "update-card", id: String(page.recurring[0]!.id) },
      headers: { Cookie: cookie },
    })) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fakeStripe().portalSessions).toEqual([
      expect.objectContaining({ customer, return_url: "http://localhost:3000/my-giving" }),
    ]);

    const stranger = unwrapData(
      await callRoute(myGiving.action, "/my-giving", {
        form: { intent: "update-card", id: "999999" },
        headers: { Cookie: cookie },
      }),
    );
    expect(stranger.status).toBe(404);
  });
});
