import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CARD_FEE, feeCoverCents } from "~/giving/donate/rules/fee-cover";
import { todayIn } from "~/shared/dates";
import { addDays } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import { startDonorSession } from "~/lib/donor-session.server";
import * as appealPage from "~/appeals/appeals/routes/appeal";
import * as createPaymentSession from "~/giving/donate/routes/api-donation-checkout";
import * as createSubscription from "~/giving/donate/routes/api-donation-subscription-checkout";
import * as syncApi from "~/giving/provider/routes/api-sync-provider";
import * as donate from "~/giving/donate/routes/donate";
import * as donationSuccess from "~/giving/donate/routes/donation-success";
import * as myGiving from "~/donors/my-giving/routes/my-giving";
import * as receipt from "~/giving/receipts/routes/receipt";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as statement from "~/donors/my-giving/routes/my-giving-statement";
import { getDonationTotals } from "~/giving/gifts/server/donations.server";
import { getSandboxCheckout } from "~/giving/provider/server/sandbox-checkout.server";
import type { FakeStripeEvent } from "../../../../tests/support/fake-stripe";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving, donationRows, subscriptionRows } from "../../../../tests/support/giving-records";
import {
  callApi,
  callRoute,
  callWithRequest,
  expectLoggedError,
  makeRequest,
  ORIGIN,
  unwrapData,
} from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";
import { fundId, newAppeal } from "../../../../tests/support/builders";

/**
 * What a donor chooses beside the amount (anonymous, the card fee covered, a tribute),
 * from the donate form without JavaScript and from the API, through the sandbox and the
 * fake Stripe, to the gift's row, the funds, the receipt, the family's mail, the thank-you
 * page and My giving.
 */
const BILAL = { name: "Bilal Ahmed", email: "bilal@example.org" };
const MEMORY = { "tribute.kind": "memory", "tribute.name": "Fatima Ahmed", "tribute.email": "family@example.org" };
let visitor = 0;
const nextAddress = () => `198.51.100.${(visitor += 1) % 250}`;

beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("outbound_mail").execute();
});

async function received(slug: string): Promise<number> {
  return (await getDb().selectFrom("funds").select("received_cents").where("slug", "=", slug).executeTakeFirstOrThrow())
    .received_cents;
}

function openAppeal() {
  return newAppeal({
    summary: "Heaters, blankets and fuel for families in tents.",
    starts_on: addDays(todayIn("UTC"), -1),
  });
}

/** The donate form posted as a browser without JavaScript posts it: the 303's Location. */
async function postDonateForm(fields: Record<string, string>): Promise<Response> {
  return (await callRoute(donate.action, "/donate", {
    form: { ...BILAL, frequency: "One-Time", ...fields },
    clientAddress: nextAddress(),
  })) as Response;
}

/** The <input> of a field (with one of its values, for radios) in a page's HTML. */
function inputTag(html: string, name: string, value?: string): string {
  const tags = html.match(/<input[^>]*>/g) ?? [];
  const tag = tags.find(
    (each) => each.includes(` name="${name}"`) && (value === undefined || each.includes(` value="${value}"`)),
  );
  if (!tag) throw new Error(`No input ${name}${value === undefined ? "" : `=${value}`} on the page`);
  return tag;
}

const mails = (kind: string) =>
  getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", kind).orderBy("id").execute();

/** A page behind the donor's sign-in, rendered as the donor's browser receives it. */
async function signedInText(
  module: { default: unknown; loader: unknown },
  url: string,
  email: string,
  params?: Record<string, string>,
): Promise<string> {
  const cookie = (await startDonorSession(email, makeRequest("/my-giving"))).split(";")[0]!;
  const Page = () =>
    createElement(module.default as never, { loaderData: useLoaderData(), params: {}, matches: [] } as never);
  const handler = createStaticHandler([
    {
      id: "screen",
      path: "*",
      loader: ({ request }) => callWithRequest(module.loader as never, request, { params }) as Promise<unknown>,
      Component: Page,
    },
  ]);
  const context = await handler.query(new Request(new URL(url, ORIGIN), { headers: { Cookie: cookie } }));
  if (context instanceof Response) throw new Error(`The page answered ${context.status}`);
  const html = renderToString(
    createElement(StaticRouterProvider, {
      router: createStaticRouter(handler.dataRoutes, context),
      context,
      hydrate: false,
    }),
  );
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the donate form without JavaScript, through the sandbox", () => {
  it("shows every choice, the fee cover's amount in its label and the total under the button", async () => {
    const text = await screenText(donate, "/donate?amount=50&purpose=Zakat&cover_fees=on&anonymous=on");
    expect(text).toContain("Give anonymously");
    expect(text).toContain(
      "Your name will not appear on our public pages; your receipt and My giving still show it. Otherwise, a gift to an appeal is listed on its page with your first name and the amount.",
    );
    // Without JavaScript the words cannot follow the purpose the donor then picks: they name no fund.
    expect(text).toContain("Add $1.80 so that all of your gift arrives");
    expect(text).not.toContain("reaches the Zakat al-Mal fund");
    expect(text).toContain("If you give Zakat, covering the fee lets the whole of it reach its recipients.");
    expect(text).toContain("You will give $50 + $1.80 card fee = $51.80 once, through a secure hosted checkout.");
    expect(text).toContain("Give in someone's name (optional)");
    for (const words of [
      "No",
      "In memory of",
      "In honour of",
      "The person's name",
      "Email to tell them or their family (optional)",
    ])
      expect(text).toContain(words);
    expect(text).toContain("they are never told the amount");

    const html = await screenHtml(donate, "/donate?amount=50&purpose=Zakat&cover_fees=on&anonymous=on");
    // The ticks kept from a canceled checkout are ticked again; the description is the checkbox's.
    expect(inputTag(html, "anonymous")).toMatch(
      /(?=.*type="checkbox")(?=.*checked="")(?=.*aria-describedby="donate-anonymous-description")/,
    );
    expect(inputTag(html, "cover_fees")).toMatch(/(?=.*type="checkbox")(?=.*checked="")/);
    expect(inputTag(html, "tribute.kind", "")).toContain('checked=""');
    expect(inputTag(html, "tribute.kind", "memory")).not.toContain("checked");

    // Chosen General Sadaqa, the donor may still pick Zakat: the Zakat sentence stays, and without an amount the label
    // has no figure.
    const general = await screenText(donate, "/donate?purpose=General%20Donation");
    expect(general).toContain("Add the card fee so that all of your gift arrives");
    expect(general).not.toContain("reaches the Sadaqa fund");
    expect(general).toContain("If you give Zakat, covering the fee lets the whole of it reach its recipients.");
  });

  it("starts a checkout carrying the choices, the card fee as its own line beside the gift", async () => {
    const appeal = await openAppeal();
    const response = await postDonateForm({
      amount: "25",
      appeal: appeal.slug,
      anonymous: "on",
      cover_fees: "on",
      ...MEMORY,
    });
    expect(response.status).toBe(303);
    const sessionId = response.headers.get("Location")!.split("/").pop()!;
    const session = await getSandboxCheckout(sessionId);
    expect(session.amount_total).toBe(2500 + 106);
    expect(session.metadata).toMatchObject({
      appeal: String(appeal.id),
      anonymous: "1",
      fee_cover_cents: "106",
      tribute_kind: "memory",
      tribute_name: "Fatima Ahmed",
      tribute_email: "family@example.org",
      purpose: "Emergency Relief",
    });

    const page = await screenText(sandboxCheckout, `/sandbox/checkout/${sessionId}`, undefined, { sessionId });
    expect(page).toContain(`Donation: ${appeal.title} $25`);
    expect(page).toContain("Card fee, covered by you $1.06");
    expect(page).toContain("Total $26.06");
    expect(page).toContain(`Appeal ${appeal.title}`);
    expect(page).toContain("Tribute In memory of Fatima Ahmed");
    expect(page).toContain("your name is kept private");
  });

  it("records the gift and the fee cover apart, mails the receipt and the family once, and thanks the donor for the appeal", async () => {
    const { auth } = await createTestAdmin();
    const appeal = await openAppeal();
    const before = { sadaqa: await received("sadaqa"), relief: await received("emergency-relief") };
    const response = await postDonateForm({
      amount: "25",
      appeal: appeal.slug,
      anonymous: "on",
      cover_fees: "on",
      ...MEMORY,
    });
    const sessionId = response.headers.get("Location")!.split("/").pop()!;
    const press = () =>
      callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
        form: { intent: "pay" },
        params: { sessionId },
      });
    await press();
    // Pressed again, and Sync on top: nothing more is recorded, nobody is written to twice.
    await press();
    expect(
      (await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth })).body,
    ).toEqual({ synced: 0 });

    const [gift, ...more] = await donationRows();
    expect(more).toHaveLength(0);
    expect(gift).toMatchObject({
      amount_cents: 2500,
      fee_cover_cents: 106,
      fee_fund_id: await fundId("sadaqa"),
      fund_id: await fundId("emergency-relief"),
      appeal_id: appeal.id,
      anonymous: 1,
      tribute_kind: "memory",
      tribute_name: "Fatima Ahmed",
      is_test: 1,
    });
    // Sandbox money is test money: listed, never counted in a fund.
    expect({ sadaqa: await received("sadaqa"), relief: await received("emergency-relief") }).toEqual(before);

    const [receiptMail, ...otherReceipts] = await mails("receipt");
    expect(otherReceipts).toHaveLength(0);
    expect(receiptMail!.subject).toContain("$26.06");
    for (const line of [
      "Amount: $25.00 USD",
      "Card fee covered: $1.06 USD",
      "Total given: $26.06 USD",
      `Appeal: ${appeal.title}`,
      "Tribute: In memory of Fatima Ahmed",
      "On our public pages: Anonymous",
    ]) {
      expect(receiptMail!.text_body).toContain(line);
    }
    const tributeMails = await mails("tribute");
    expect(tributeMails).toHaveLength(1);
    expect(tributeMails[0]).toMatchObject({
      to_address: "family@example.org",
      subject: "[Test] A gift in memory of Fatima Ahmed",
    });
    expect(tributeMails[0]!.text_body).toContain("Someone who wished to remain anonymous");
    expect(tributeMails[0]!.text_body).not.toContain("Bilal");
    expect(`${tributeMails[0]!.text_body}${tributeMails[0]!.html_body}`).not.toMatch(/\$|26\.06|25\.00/);

    const thanks = await screenText(donationSuccess, `/donation-success?session_id=${sessionId}`);
    expect(thanks).toContain(`Thank you for supporting ${appeal.title}, Bilal Ahmed!`);
    // Another gift goes back to the appeal the donor answered.
    expect(await screenHtml(donationSuccess, `/donation-success?session_id=${sessionId}`)).toContain(
      `class="btn-secondary" href="/appeals/${appeal.slug}" data-discover="true">Make Another Donation`,
    );
    expect(thanks).toContain(
      "We received your gift of $25 for Emergency Relief , and $1.06 to cover the card fee, so that all of it arrives.",
    );
    expect(thanks).toContain("In memory of Fatima Ahmed");
    expect(thanks).toContain("Your name will not appear on our public pages.");

    const printed = await screenText(receipt, `/receipts/${gift!.receipt_token}`, undefined, {
      token: gift!.receipt_token!,
    });
    for (const line of [
      "Card fee covered $1.06 USD",
      "Total given $26.06 USD",
      `Appeal ${appeal.title}`,
      "Tribute In memory of Fatima Ahmed",
    ])
      expect(printed).toContain(line);

    const mine = await signedInText(myGiving, "/my-giving", BILAL.email);
    expect(mine).toContain(`Appeal: ${appeal.title}`);
    expect(mine).toContain("+ $1.06 card fee covered");
    expect(mine).toContain("In memory of Fatima Ahmed");
    expect(mine).toContain("Anonymous on public pages");
  });

  it("thanks for a plain gift as before, without any choice's words", async () => {
    const response = await postDonateForm({ amount: "12", purpose: "Orphan Care" });
    const sessionId = response.headers.get("Location")!.split("/").pop()!;
    await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "pay" },
      params: { sessionId },
    });
    const thanks = await screenText(donationSuccess, `/donation-success?session_id=${sessionId}`);
    expect(thanks).toContain("Thank you, Bilal Ahmed!");
    expect(thanks).not.toMatch(/supporting|card fee|In memory|public pages/);
    expect(await screenHtml(donationSuccess, `/donation-success?session_id=${sessionId}`)).toContain(
      'class="btn-secondary" href="/donate" data-discover="true">Make Another Donation',
    );
    expect(await mails("tribute")).toHaveLength(0);
    expect((await donationRows())[0]).toMatchObject({ amount_cents: 1200, fee_cover_cents: 0, fee_fund_id: null });
  });

  it("thanks for a gift to the general fund by the fund's name, as the appeal pages name it", async () => {
    const response = await postDonateForm({ amount: "20", purpose: "General Donation" });
    const sessionId = response.headers.get("Location")!.split("/").pop()!;
    await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "pay" },
      params: { sessionId },
    });
    const thanks = await screenText(donationSuccess, `/donation-success?session_id=${sessionId}`);
    expect(thanks).toContain("We received your gift of $20 for Sadaqa .");
    expect(thanks).not.toContain("General Donation");
  });

  it("refuses a tribute without a name beside its field, keeping what was typed", async () => {
    const answer = unwrapData(
      await postDonateForm({
        amount: "40",
        purpose: "Zakat",
        anonymous: "on",
        cover_fees: "on",
        "tribute.kind": "honour",
        "tribute.name": " ",
      }),
    );
    expect(answer.status).toBe(400);
    const reply = (answer.data as { result: { error: Record<string, string[]> } }).result;
    expect(reply.error["tribute.name"]).toEqual(["Please enter the name of the person the gift honours"]);
    const page = await screenText(donate, "/donate", answer.data);
    expect(page).toContain("Please enter the name of the person the gift honours");
    const html = await screenHtml(donate, "/donate", answer.data);
    expect(inputTag(html, "tribute.kind", "honour")).toContain('checked=""');
    expect(inputTag(html, "tribute.name")).toContain('aria-invalid="true"');
    expect(inputTag(html, "cover_fees")).toContain('checked=""');
    expect(page).toContain("You will give $40 + $1.50 card fee = $41.50 once");
    // A name typed without "in memory" or "in honour" chosen is asked about, never dropped.
    const noKind = unwrapData(
      await postDonateForm({ amount: "40", purpose: "Zakat", "tribute.kind": "", "tribute.name": "Someone" }),
    );
    expect(noKind.status).toBe(400);
    const noKindReply = (noKind.data as { result: { error: Record<string, string[]> } }).result;
    expect(noKindReply.error["tribute.kind"]).toEqual(["Choose in memory of or in honour of"]);
    expect(inputTag(await screenHtml(donate, "/donate", noKind.data), "tribute.name")).toContain('value="Someone"');
  });

  it("keeps the ticks, but never the tribute, when the checkout is canceled", async () => {
    const response = await postDonateForm({
      amount: "30",
      purpose: "Orphan Care",
      anonymous: "on",
      cover_fees: "on",
      ...MEMORY,
    });
    const sessionId = response.headers.get("Location")!.split("/").pop()!;
    const back = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "cancel" },
      params: { sessionId },
    })) as Response;
    const address = new URL(back.headers.get("Location")!);
    expect(Object.fromEntries(address.searchParams)).toEqual({
      amount: "30",
      purpose: "Orphan Care",
      frequency: "One-Time",
      anonymous: "on",
      cover_fees: "on",
      checkout: "canceled",
    });
    expect(address.search).not.toContain("Fatima");
    const html = await screenHtml(donate, `${address.pathname}${address.search}`);
    expect(inputTag(html, "anonymous")).toContain('checked=""');
    expect(inputTag(html, "cover_fees")).toContain('checked=""');
    // Without JavaScript nothing brings the name, email or tribute back, and the notice says so.
    const notice = await screenText(donate, `${address.pathname}${address.search}`);
    expect(notice).toContain(
      "Your checkout was canceled and nothing was charged. The amount, purpose and frequency you chose are kept below, with your ticks. Please type your name and email again, and any tribute: we never put them in a web address.",
    );
    expect(inputTag(html, "name")).not.toContain("value=");
    const quickPay = await screenText(donate, "/donate?obligation=fitr&people=2&anonymous=on&checkout=canceled");
    expect(quickPay).toContain("The gift is kept below, with your ticks. Please type your name and email again");
  });

  it("offers the same choices on quick pay, and carries them to the checkout", async () => {
    const page = await screenText(donate, "/donate?obligation=fitr&people=2&cover_fees=on");
    const amount = /Zakat al-Fitr for 2 people — \$([\d.]+)/.exec(page)![1]!;
    const cover = feeCoverCents(Math.round(Number(amount) * 100), DEFAULT_CARD_FEE);
    expect(page).toContain(`Add $${(cover / 100).toFixed(2)} so that all of your gift reaches the Zakat al-Fitr fund`);
    expect(page).toContain("Give anonymously");
    const response = await postDonateForm({ obligation: "fitr", people: "2", cover_fees: "on", anonymous: "on" });
    expect(response.status).toBe(303);
    const session = await getSandboxCheckout(response.headers.get("Location")!.split("/").pop()!);
    expect(session.amount_total).toBe(Math.round(Number(amount) * 100) + cover);
    expect(session.metadata).toMatchObject({ anonymous: "1", fee_cover_cents: String(cover) });
    expect(session.cancel_url).toContain("obligation=fitr&people=2&anonymous=on&cover_fees=on&checkout=canceled");
  });
});

describe("the API's choices", () => {
  it("create-payment-session takes cover_fees, anonymous and a tribute", async () => {
    const answer = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: {
        ...BILAL,
        amount: 100,
        purpose: "Zakat",
        cover_fees: true,
        anonymous: true,
        tribute: { kind: "honour", name: "Yusuf" },
      },
      clientAddress: nextAddress(),
    });
    expect(answer.status).toBe(200);
    const session = await getSandboxCheckout(answer.body.id);
    expect(session.amount_total).toBe(10_000 + 330);
    expect(session.metadata).toMatchObject({
      anonymous: "1",
      fee_cover_cents: "330",
      tribute_kind: "honour",
      tribute_name: "Yusuf",
    });
    expect(session.metadata).not.toHaveProperty("tribute_email");
  });

  it("refuses bad choices with 422 and field errors, before any checkout starts", async () => {
    const bad = async (
      path: string,
      action: unknown,
      choices: Record<string, unknown>,
      extra: Record<string, unknown> = {},
    ) => {
      const answer = await callApi(action as never, path, {
        body: { ...BILAL, amount: 20, purpose: "Zakat", ...extra, ...choices },
        clientAddress: nextAddress(),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    for (const [path, action, extra] of [
      ["/api/donations/create-payment-session", createPaymentSession.action, {}],
      ["/api/donations/create-subscription", createSubscription.action, { interval: "month", payment_day: 1 }],
    ] as const) {
      expect(await bad(path, action, { tribute: { kind: "memory", name: "" } }, extra)).toMatchObject({
        "tribute.name": ["Please enter the name of the person the gift honours"],
      });
      expect(await bad(path, action, { tribute: { kind: "cousin", name: "Ali" } }, extra)).toHaveProperty(
        "tribute.kind",
      );
      expect(
        await bad(path, action, { tribute: { kind: "memory", name: "Ali", email: "not-an-email" } }, extra),
      ).toHaveProperty("tribute.email");
      expect(await bad(path, action, { tribute: "In memory of Ali" }, extra)).toHaveProperty("tribute");
      expect(await bad(path, action, { anonymous: "perhaps" }, extra)).toMatchObject({
        anonymous: ["Must be true or false"],
      });
      expect(await bad(path, action, { cover_fees: 2 }, extra)).toMatchObject({
        cover_fees: ["Must be true or false"],
      });
    }
    expect(await getDb().selectFrom("sandbox_objects").select("id").execute()).toHaveLength(0);
  });
});

describe("with Stripe", () => {
  const fakeStripe = useFakeStripe();

  /** The same events as a live Stripe account sends them: real money, counted in the funds. */
  function live(events: FakeStripeEvent[]): FakeStripeEvent[] {
    return events.map(
      (event) =>
        ({
          ...event,
          livemode: true,
          data: { object: { ...event.data.object, livemode: true } },
        }) as unknown as FakeStripeEvent,
    );
  }

  it("every donate form says the same when the provider fails: nothing charged, what was typed kept, logged by form", async () => {
    const appeal = await openAppeal();
    const outage = [
      "We couldn't reach our secure payment provider, so nothing was charged. Please try again in a moment.",
    ];
    const posts = [
      {
        what: /Appeal checkout failed/,
        post: () =>
          callRoute(appealPage.action, `/appeals/${appeal.slug}`, {
            form: { ...BILAL, amount: "30", frequency: "One-Time", anonymous: "on" },
            params: { slug: appeal.slug },
            clientAddress: nextAddress(),
          }),
      },
      {
        what: /Donation checkout failed/,
        post: () =>
          callRoute(donate.action, "/donate", {
            form: { ...BILAL, obligation: "fitr", people: "2", anonymous: "on" },
            clientAddress: nextAddress(),
          }),
      },
      {
        what: /Donation checkout failed/,
        post: () =>
          callRoute(donate.action, "/donate", {
            form: { ...BILAL, amount: "30", frequency: "One-Time", anonymous: "on" },
            clientAddress: nextAddress(),
          }),
      },
    ];
    for (const { what, post } of posts) {
      fakeStripe().failNext("POST", /^\/v1\/checkout\/sessions$/);
      const { status, data } = unwrapData(await post());
      expect(status).toBe(502);
      const result = (data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
        .result;
      expect(result.error[""]).toEqual(outage);
      expect(result.initialValue).toMatchObject({ ...BILAL, anonymous: "on" });
      expectLoggedError(what);
    }
    expect(await donationRows()).toHaveLength(0);
  });

  it("counts a live gift in full in its fund and appeal, and its fee cover in general Sadaqa", async () => {
    const appeal = await openAppeal();
    const before = {
      sadaqa: await received("sadaqa"),
      relief: await received("emergency-relief"),
      site: (await getDonationTotals()).totalCents,
    };
    const response = await postDonateForm({ amount: "100", appeal: appeal.slug, cover_fees: "on" });
    const sessionId = response.headers.get("Location")!.split("/").pop()!;
    expect(fakeStripe().checkoutParams(sessionId).line_items).toMatchObject([
      { price_data: { unit_amount: "10000", product_data: { name: `Donation: ${appeal.title}` } } },
      { price_data: { unit_amount: "330", product_data: { name: "Card fee, covered by you" } } },
    ]);
    const events = live(fakeStripe().pay(sessionId));
    await deliverAll(events);
    await deliverAll(events);
    expect(await donationRows()).toMatchObject([{ amount_cents: 10_000, fee_cover_cents: 330, is_test: 0 }]);
    expect(await received("sadaqa")).toBe(before.sadaqa + 330);
    expect(await received("emergency-relief")).toBe(before.relief + 10_000);
    const totals = await getDb()
      .selectFrom("appeal_totals")
      .selectAll()
      .where("appeal_id", "=", appeal.id)
      .where("is_test", "=", 0)
      .executeTakeFirstOrThrow();
    expect(totals).toMatchObject({ raised_cents: 10_000, gift_count: 1 });
    // The site's total counts what the donor gave, as the funds do between them.
    expect((await getDonationTotals()).totalCents).toBe(before.site + 10_330);

    // The yearly statement counts all the donor gave; its Zakat line, none of it.
    const year = new Date().getUTCFullYear();
    const sheet = await signedInText(statement, `/my-giving/statement/${year}`, BILAL.email, { year: String(year) });
    expect(sheet).toContain("+ $3.30 card fee covered");
    expect(sheet).toContain(`Total for ${year} $103.30 USD`);
    expect(sheet).toContain("Of which card fees you covered $3.30 USD");
  });

  it("charges a recurring fee cover on every charge, split from the gift each time, and tells the family once", async () => {
    const answer = await callApi(createSubscription.action, "/api/donations/create-subscription", {
      body: {
        ...BILAL,
        amount: 50,
        purpose: "Orphan Care",
        interval: "month",
        payment_day: 1,
        cover_fees: true,
        tribute: { kind: "memory", name: "Fatima Ahmed", email: "family@example.org" },
      },
      clientAddress: nextAddress(),
    });
    expect(answer.status).toBe(200);
    const sessionId = answer.body.id as string;
    const lines = fakeStripe().checkoutParams(sessionId).line_items as {
      price_data: { unit_amount: string; recurring?: unknown; product_data: { name: string } };
    }[];
    expect(
      lines.map((line) => [
        line.price_data.product_data.name,
        line.price_data.unit_amount,
        Boolean(line.price_data.recurring),
      ]),
    ).toEqual([
      ["Monthly donation: Orphan Care", "5000", true],
      ["Card fee, covered by you", "180", true],
      ["First gift, charged today", "5000", false],
      ["Card fee, covered by you, today", "180", false],
    ]);
    const first = fakeStripe().pay(sessionId);
    await deliverAll(first);
    const subscriptionId = fakeStripe().sessions.get(sessionId)!.subscription as string;
    const renewal = fakeStripe().renew(subscriptionId);
    await deliverAll(renewal);
    await deliverAll(renewal);
    await deliverAll(fakeStripe().renew(subscriptionId));
    await deliverAll(first);

    const [subscription] = await subscriptionRows();
    expect(subscription).toMatchObject({
      amount_cents: 5000,
      fee_cover_cents: 180,
      tribute_kind: "memory",
      tribute_name: "Fatima Ahmed",
    });
    const sadaqa = await fundId("sadaqa");
    expect(
      (await donationRows()).map((row) => [
        row.amount_cents,
        row.fee_cover_cents,
        row.fee_fund_id,
        row.subscription_id,
      ]),
    ).toEqual([
      [5000, 180, sadaqa, subscription!.id],
      [5000, 180, sadaqa, subscription!.id],
      [5000, 180, sadaqa, subscription!.id],
    ]);
    const tributeMails = await mails("tribute");
    expect(tributeMails).toHaveLength(1);
    expect(tributeMails[0]!.text_body).toContain("Bilal Ahmed has given a gift");
    expect(tributeMails[0]!.text_body).not.toMatch(/\$|50\.00|51\.80/);
    expect(await mails("receipt")).toHaveLength(3);

    const thanks = await screenText(donationSuccess, `/donation-success?session_id=${sessionId}`);
    expect(thanks).toContain(
      "We received your gift of $50 every month for Orphan Care , and $1.80 to cover the card fee each time",
    );
    expect(thanks).toContain("In memory of Fatima Ahmed");

    const mine = await signedInText(myGiving, "/my-giving", BILAL.email);
    expect(mine).toContain("With $1.80 added each time to cover the card fee");
  });
});
