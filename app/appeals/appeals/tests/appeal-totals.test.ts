import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CARD_FEE, feeCoverCents } from "~/giving/donate/rules/fee-cover";
import { todayIn } from "~/shared/dates";
import { addDays } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetPaymentGateway } from "~/lib/payments/gateway.server";
import * as createPaymentSession from "~/giving/donate/routes/api-donation-checkout";
import * as createSubscription from "~/giving/donate/routes/api-donation-subscription-checkout";
import { getAppeal, updateAppeal } from "~/appeals/appeals/server/appeals.server";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { syncFromProvider } from "~/giving/provider/server/provider-sync.server";
import type { FakeStripeEvent } from "../../../../tests/support/fake-stripe";
import { clearGiving, donationRows } from "../../../../tests/support/giving-records";
import { callApi } from "../../../../tests/support/routes";
import { deliver, deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";
import { fundId, newAppeal } from "../../../../tests/support/builders";

/**
 * An appeal's raised-so-far and number of gifts, read the way its page and its API read
 * them (getAppeal), after gifts recorded by the real webhook handler, Sync and the offline
 * gift form, against the fake Stripe and a real SQLite file: no charge is ever counted
 * twice, whatever the order or the number of times the provider tells us of it.
 */
const fakeStripe = useFakeStripe();

const DONOR = { name: "Aisha Khan", email: "aisha@example.org" };
const TODAY = () => todayIn("UTC");
let visitor = 0;

beforeEach(clearGiving);

async function received(slug: string): Promise<{ cents: number; gifts: number }> {
  const fund = await getDb()
    .selectFrom("funds")
    .select(["received_cents", "gift_count"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return { cents: fund.received_cents, gifts: fund.gift_count };
}

/** A live appeal open for gifts today, raising for Emergency Relief (a restricted fund) unless told otherwise. */
function openAppeal(overrides: Record<string, unknown> = {}) {
  return newAppeal({
    summary: "Heaters, blankets and fuel for families in tents.",
    goal: "20000",
    starts_on: addDays(TODAY(), -5),
    ends_on: addDays(TODAY(), 20),
    ...overrides,
  });
}

/** What the appeal's page and API say: raised in dollars, the number of gifts, and whether test gifts are in them. */
async function figures(slug: string) {
  const { raised, gifts, test_gifts } = await getAppeal(slug);
  return { raised, gifts, test_gifts };
}

/** POST /api/donations/create-payment-session for the appeal; the new session's id. */
async function giveOnce(appeal: string, amount: number, choices: Record<string, unknown> = {}): Promise<string> {
  visitor += 1;
  const answer = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
    body: { ...DONOR, amount, frequency: "One-Time", appeal, ...choices },
    clientAddress: `198.51.100.${visitor % 250}`,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as string;
}

async function giveMonthly(appeal: string, amount: number, choices: Record<string, unknown> = {}): Promise<string> {
  visitor += 1;
  const answer = await callApi(createSubscription.action, "/api/donations/create-subscription", {
    body: { ...DONOR, amount, interval: "month", payment_day: 1, appeal, ...choices },
    clientAddress: `198.51.100.${visitor % 250}`,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as string;
}

/** The same events as a live Stripe account sends them: real money, counted on every site. */
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

function subscriptionOf(sessionId: string): string {
  return fakeStripe().sessions.get(sessionId)!.subscription as string;
}

describe("an appeal's figures after gifts by card", () => {
  it("count a one-time gift once the webhook arrives, and the appeal's page says so within the request", async () => {
    const appeal = await openAppeal();
    expect(await figures(appeal.slug)).toEqual({ raised: 0, gifts: 0, test_gifts: false });
    const sessionId = await giveOnce(appeal.slug, 125.5);
    const events = fakeStripe().pay(sessionId);
    expect(await figures(appeal.slug)).toMatchObject({ raised: 0, gifts: 0 });
    await deliverAll(events);
    expect(await figures(appeal.slug)).toEqual({ raised: 125.5, gifts: 1, test_gifts: true });
    const [gift] = await donationRows();
    expect(gift).toMatchObject({
      appeal_id: appeal.id,
      fund_id: await fundId("emergency-relief"),
      amount_cents: 12_550,
    });
  });

  it("never count a gift twice, however often and however concurrently its events are delivered", async () => {
    const appeal = await openAppeal();
    const sessionId = await giveOnce(appeal.slug, 40);
    const [completed] = fakeStripe().pay(sessionId);
    await Promise.all([deliver(completed!), deliver(completed!), deliver(completed!)]);
    await deliver(completed!);
    // Another event about the same payment, under a new event id, is the same gift too.
    await deliver(
      fakeStripe().event("checkout.session.async_payment_succeeded", fakeStripe().sessions.get(sessionId)!),
    );
    expect(await figures(appeal.slug)).toMatchObject({ raised: 40, gifts: 1 });
    expect(await donationRows()).toHaveLength(1);
  });

  it("count a monthly gift's first charge and each renewal once, whatever order the events come in", async () => {
    const appeal = await openAppeal();
    const sessionId = await giveMonthly(appeal.slug, 30);
    const [created, paid, updated, completed] = fakeStripe().pay(sessionId);
    // The invoice before the checkout, the subscription's news after both, and everything twice.
    await deliverAll([paid!, completed!, updated!, created!, completed!, paid!]);
    expect(await figures(appeal.slug)).toMatchObject({ raised: 30, gifts: 1 });

    const subscription = subscriptionOf(sessionId);
    const [renewedInvoice, renewedUpdate] = fakeStripe().renew(subscription);
    await deliverAll([renewedUpdate!, renewedInvoice!, renewedInvoice!]);
    const second = fakeStripe().renew(subscription);
    await deliverAll([...second].reverse());
    await deliverAll(second);
    expect(await figures(appeal.slug)).toMatchObject({ raised: 90, gifts: 3 });
    const rows = await donationRows();
    expect(rows.map((row) => [row.appeal_id, row.amount_cents, row.frequency])).toEqual([
      [appeal.id, 3000, "Monthly"],
      [appeal.id, 3000, "Monthly"],
      [appeal.id, 3000, "Monthly"],
    ]);
  });

  it("count a monthly gift once when its invoice comes before anything else, and its checkout last", async () => {
    const appeal = await openAppeal();
    const sessionId = await giveMonthly(appeal.slug, 15);
    const events = fakeStripe().pay(sessionId);
    await deliverAll([...events].reverse());
    await deliverAll(events);
    expect(await figures(appeal.slug)).toMatchObject({ raised: 15, gifts: 1 });
  });

  it("gain nothing from a Sync that finds gifts already recorded, and exactly the missed ones from one that does not", async () => {
    const appeal = await openAppeal();
    const delivered = await giveOnce(appeal.slug, 10);
    await deliverAll(fakeStripe().pay(delivered));
    const monthly = await giveMonthly(appeal.slug, 20);
    await deliverAll(fakeStripe().pay(monthly));
    await deliverAll(fakeStripe().renew(subscriptionOf(monthly)));
    expect(await figures(appeal.slug)).toMatchObject({ raised: 50, gifts: 3 });

    expect(await syncFromProvider()).toBe(0);
    expect(await figures(appeal.slug)).toMatchObject({ raised: 50, gifts: 3 });

    // A webhook missed: Sync finds it, once.
    const missed = await giveOnce(appeal.slug, 7);
    const missedEvents = fakeStripe().pay(missed);
    expect(await syncFromProvider()).toBe(1);
    expect(await syncFromProvider()).toBe(0);
    await deliverAll(missedEvents);
    expect(await figures(appeal.slug)).toMatchObject({ raised: 57, gifts: 4 });
  });

  it("count a gift paid while the appeal was open even when the appeal closed before the news arrived", async () => {
    const appeal = await openAppeal();
    const sessionId = await giveOnce(appeal.slug, 60);
    const events = fakeStripe().pay(sessionId);
    await updateAppeal(appeal.id, { status: "closed" });
    await deliverAll(events);
    expect(await figures(appeal.slug)).toMatchObject({ raised: 60, gifts: 1 });
    expect((await donationRows())[0]).toMatchObject({
      appeal_id: appeal.id,
      fund_id: await fundId("emergency-relief"),
    });
  });
});

describe("an appeal's figures after gifts recorded by staff", () => {
  it("count offline gifts designated to the appeal, by its address or its number, and not the others", async () => {
    const appeal = await openAppeal();
    await recordOfflineGift(
      {
        name: "Friday collection",
        amount: "250.25",
        purpose: "General Donation",
        appeal: appeal.slug,
        payment_method: "cash",
      },
      "staff",
    );
    await recordOfflineGift(
      { name: "Hajja Fatima", amount: "100", appeal: String(appeal.id), anonymous: "on", payment_method: "cheque" },
      "staff",
    );
    await recordOfflineGift(
      { name: "Not for the appeal", amount: "999", purpose: "Emergency Relief", payment_method: "cash" },
      "staff",
    );
    // Offline gifts are real money: counted whatever the site's mode, and no test gifts in the figure.
    expect(await figures(appeal.slug)).toEqual({ raised: 350.25, gifts: 2, test_gifts: false });
    const rows = await donationRows();
    expect(
      rows
        .filter((row) => row.appeal_id === appeal.id)
        .every((row) => row.fund_id === appeal.fund_id && row.is_test === 0),
    ).toBe(true);
  });
});

describe("a covered card fee", () => {
  it("is kept apart from the gift: not in the appeal's raised nor its fund, but in general Sadaqa", async () => {
    const appeal = await openAppeal();
    const fund = await received("emergency-relief");
    const sadaqa = await received("sadaqa");
    const fee = feeCoverCents(10_000, DEFAULT_CARD_FEE);
    expect(fee).toBeGreaterThan(0);

    const sessionId = await giveOnce(appeal.slug, 100, { cover_fees: true });
    expect(fakeStripe().sessions.get(sessionId)!.amount_total).toBe(10_000 + fee);
    await deliverAll(live(fakeStripe().pay(sessionId)));

    expect(await figures(appeal.slug)).toEqual({ raised: 100, gifts: 1, test_gifts: false });
    expect((await donationRows())[0]).toMatchObject({
      amount_cents: 10_000,
      fee_cover_cents: fee,
      is_test: 0,
      appeal_id: appeal.id,
    });
    const fundAfter = await received("emergency-relief");
    expect([fundAfter.cents - fund.cents, fundAfter.gifts - fund.gifts]).toEqual([10_000, 1]);
    const sadaqaAfter = await received("sadaqa");
    // The fee is money in for Sadaqa, though not a gift of its own.
    expect([sadaqaAfter.cents - sadaqa.cents, sadaqaAfter.gifts - sadaqa.gifts]).toEqual([fee, 0]);
  });

  it("is kept apart on each charge of a monthly gift too", async () => {
    const appeal = await openAppeal();
    const sadaqa = await received("sadaqa");
    const fee = feeCoverCents(2_500, DEFAULT_CARD_FEE);
    const sessionId = await giveMonthly(appeal.slug, 25, { cover_fees: true });
    await deliverAll(live(fakeStripe().pay(sessionId)));
    await deliverAll(live(fakeStripe().renew(subscriptionOf(sessionId))));
    expect(await figures(appeal.slug)).toMatchObject({ raised: 50, gifts: 2 });
    expect((await donationRows()).map((row) => [row.amount_cents, row.fee_cover_cents])).toEqual([
      [2_500, fee],
      [2_500, fee],
    ]);
    expect((await received("sadaqa")).cents - sadaqa.cents).toBe(2 * fee);
  });
});

describe("test gifts", () => {
  async function withLiveKeys<T>(read: () => Promise<T>): Promise<T> {
    const saved = {
      STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY,
    };
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_live_appeal_totals",
      STRIPE_PUBLISHABLE_KEY: "pk_live_appeal_totals",
    });
    resetEnvCache();
    resetPaymentGateway();
    try {
      return await read();
    } finally {
      Object.assign(process.env, saved);
      resetEnvCache();
      resetPaymentGateway();
    }
  }

  it("count only while the site takes no real money, and then the appeal says its figure holds test gifts", async () => {
    const appeal = await openAppeal();
    const test = await giveOnce(appeal.slug, 20);
    await deliverAll(fakeStripe().pay(test));
    const real = await giveOnce(appeal.slug, 80);
    await deliverAll(live(fakeStripe().pay(real)));

    expect(await figures(appeal.slug)).toEqual({ raised: 100, gifts: 2, test_gifts: true });
    expect(await withLiveKeys(() => figures(appeal.slug))).toEqual({ raised: 80, gifts: 1, test_gifts: false });
    expect(await figures(appeal.slug)).toEqual({ raised: 100, gifts: 2, test_gifts: true });
  });

  it("never count in a fund, in any mode", async () => {
    const appeal = await openAppeal();
    const before = await received("emergency-relief");
    await deliverAll(fakeStripe().pay(await giveOnce(appeal.slug, 20, { cover_fees: true })));
    expect(await received("emergency-relief")).toEqual(before);
  });
});

describe("an appeal that takes no gifts", () => {
  async function refusal(appeal: string) {
    visitor += 1;
    return callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: { ...DONOR, amount: 25, frequency: "One-Time", appeal },
      clientAddress: `203.0.113.${visitor % 250}`,
    });
  }

  it("answers 409 with the reason when closed, a draft, not yet started or ended, before calling the provider", async () => {
    const closed = await openAppeal({ status: "closed" });
    const draft = await openAppeal({ status: "draft" });
    const upcoming = await openAppeal({ starts_on: addDays(TODAY(), 3), ends_on: null });
    const ended = await openAppeal({ starts_on: addDays(TODAY(), -30), ends_on: addDays(TODAY(), -1) });
    const before = fakeStripe().requests.length;

    expect(await refusal(closed.slug)).toMatchObject({
      status: 409,
      body: {
        detail: `The appeal “${closed.title}” has closed and no longer takes gifts. Thank you for thinking of it.`,
      },
    });
    expect(await refusal(ended.slug)).toMatchObject({
      status: 409,
      body: { detail: expect.stringMatching(/has closed and no longer takes gifts/) },
    });
    expect(await refusal(draft.slug)).toMatchObject({
      status: 409,
      body: { detail: "This appeal is not open for gifts." },
    });
    expect(await refusal(upcoming.slug)).toMatchObject({
      status: 409,
      body: {
        detail: `The appeal “${upcoming.title}” opens for gifts on ${new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${addDays(TODAY(), 3)}T12:00:00Z`))}.`,
      },
    });
    // Refused by its number as by its address.
    expect((await refusal(String(closed.id))).status).toBe(409);

    visitor += 1;
    const monthly = await callApi(createSubscription.action, "/api/donations/create-subscription", {
      body: { ...DONOR, amount: 25, interval: "month", payment_day: 1, appeal: closed.slug },
      clientAddress: `203.0.113.${visitor % 250}`,
    });
    expect(monthly).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/has closed/) } });
    expect(fakeStripe().requests.length).toBe(before);
  });

  it("answers 422 beside the field when there is no such appeal", async () => {
    for (const ref of ["no-such-appeal", "999999"]) {
      expect(await refusal(ref)).toMatchObject({
        status: 422,
        body: { errors: { appeal: ["There is no such appeal"] } },
      });
    }
  });

  it("takes gifts again once reopened", async () => {
    const appeal = await openAppeal();
    await updateAppeal(appeal.id, { status: "closed" });
    expect((await refusal(appeal.slug)).status).toBe(409);
    await updateAppeal(appeal.id, { status: "live" });
    const sessionId = await giveOnce(appeal.slug, 5);
    await deliverAll(fakeStripe().pay(sessionId));
    expect(await figures(appeal.slug)).toMatchObject({ raised: 5, gifts: 1 });
  });
});
