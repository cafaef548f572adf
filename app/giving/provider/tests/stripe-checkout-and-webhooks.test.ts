import { beforeEach, describe, expect, it, vi } from "vitest";
import { nextScheduledCharge } from "~/giving/recurring/rules/recurring-schedule";
import { getDb } from "~/lib/db.server";
import * as donate from "~/giving/donate/routes/donate";
import * as donationSuccess from "~/giving/donate/routes/donation-success";
import * as createPaymentSession from "~/giving/donate/routes/api-donation-checkout";
import * as createSubscription from "~/giving/donate/routes/api-donation-subscription-checkout";
import * as cancelSubscriptionApi from "~/giving/recurring/routes/api-cancel-subscription";
import * as syncApi from "~/giving/provider/routes/api-sync-provider";
import * as refreshApi from "~/giving/recurring/routes/api-refresh-subscriptions";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as donationsScreen from "~/giving/gifts/routes/admin-donations";
import * as subscriptionsScreen from "~/giving/recurring/routes/admin-subscriptions";
import { clearGiving, donationRows, subscriptionRows } from "../../../../tests/support/giving-records";
import { createTestAdmin } from "../../../../tests/support/admins";
import { uniqueViolationPattern } from "../../../../tests/support/database-engine";
import { callApi, callRoute, expectLoggedError, unwrapData } from "../../../../tests/support/routes";
import { deliver, deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";

/**
 * Stripe mode end to end below the browser: the real SDK against the fake Stripe server,
 * the real route actions and loaders, the real webhook handler and a real SQLite file.
 */
const fakeStripe = useFakeStripe();

const DONOR = { name: "Aisha Khan", email: "aisha@example.org" };

beforeEach(clearGiving);

/** Submits the donate form as a browser without JavaScript would; returns the new session's id. */
async function donateWithForm(fields: Record<string, string>): Promise<string> {
  const response = (await callRoute(donate.action, "/donate", {
    form: { ...DONOR, purpose: "Zakat", ...fields },
  })) as Response;
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  const sessionId = location.split("/").pop()!;
  expect(location).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
  return sessionId;
}

/** Where a monthly gift started now is anchored (the 1st of next month; see recurring-schedule.test.ts). */
function firstOfNextMonthUtc(): number {
  return nextScheduledCharge("month", new Date()).getTime() / 1000;
}

describe("starting a checkout with Stripe", () => {
  it("opens a payment-mode session for a one-time gift, in cents and USD, with the donor in metadata", async () => {
    const sessionId = await donateWithForm({ amount: "25.50", frequency: "One-Time" });
    const params = fakeStripe().checkoutParams(sessionId);
    const metadata = {
      donor_name: "Aisha Khan",
      donor_email: "aisha@example.org",
      purpose: "Zakat",
      frequency: "One-Time",
    };
    expect(params).toMatchObject({
      mode: "payment",
      submit_type: "donate",
      customer_email: "aisha@example.org",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "2550" } }],
      metadata,
      payment_intent_data: { metadata },
      success_url: "http://localhost:3000/donation-success?session_id={CHECKOUT_SESSION_ID}",
    });
    const cancel = new URL(params.cancel_url);
    expect(cancel.pathname).toBe("/donate");
    expect(Object.fromEntries(cancel.searchParams)).toEqual({
      amount: "25.5",
      purpose: "Zakat",
      frequency: "One-Time",
      checkout: "canceled",
    });
    expect(params.cancel_url).not.toMatch(/aisha/i);
    const call = fakeStripe().requests.find((request) => request.method === "POST");
    expect(call?.headers.authorization).toBe("Bearer sk_test_integration");
  });

  it("opens a subscription anchored on the 1st for a monthly gift, charging the full gift today", async () => {
    const sessionId = await donateWithForm({ amount: "50", frequency: "Monthly" });
    const params = fakeStripe().checkoutParams(sessionId);
    expect(params.mode).toBe("subscription");
    expect(params.line_items).toEqual([
      {
        quantity: "1",
        price_data: {
          currency: "usd",
          unit_amount: "5000",
          recurring: { interval: "month" },
          product_data: { name: "Monthly donation: Zakat" },
        },
      },
      {
        quantity: "1",
        price_data: { currency: "usd", unit_amount: "5000", product_data: { name: "First gift, charged today" } },
      },
    ]);
    expect(params.subscription_data).toMatchObject({
      billing_cycle_anchor: String(firstOfNextMonthUtc()),
      proration_behavior: "none",
      metadata: { donor_name: "Aisha Khan", donor_email: "aisha@example.org", purpose: "Zakat", frequency: "Monthly" },
    });
    expect(fakeStripe().sessions.get(sessionId)?.amount_total).toBe(5000);
  });

  it("anchors a yearly gift on January 1st", async () => {
    const sessionId = await donateWithForm({ amount: "500", frequency: "Annually" });
    const params = fakeStripe().checkoutParams(sessionId);
    expect(params.line_items[0].price_data.recurring).toEqual({ interval: "year" });
    expect(params.subscription_data.billing_cycle_anchor).toBe(
      String(nextScheduledCharge("year", new Date()).getTime() / 1000),
    );
  });

  it("answers the API's create-payment-session and create-subscription with {id, url}", async () => {
    const oneTime = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: { amount: 100, name: "Yusuf", email: "yusuf@example.org", purpose: "Orphan Care", frequency: "One-Time" },
    });
    expect(oneTime.status).toBe(200);
    expect(oneTime.body).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
    });

    const yearly = await callApi(createSubscription.action, "/api/donations/create-subscription", {
      body: {
        amount: 120,
        name: "Yusuf",
        email: "yusuf@example.org",
        purpose: "Education",
        interval: "year",
        payment_day: 1,
        payment_month: null,
      },
    });
    expect(yearly.status).toBe(200);
    expect(fakeStripe().checkoutParams(yearly.body.id)).toMatchObject({
      mode: "subscription",
      subscription_data: { metadata: { frequency: "Annually", purpose: "Education" } },
    });
  });

  it("has no sandbox checkout once real keys are set", async () => {
    const page = await callRoute(sandboxCheckout.loader, "/sandbox/checkout/cs_sandbox_anything", {
      params: { sessionId: "cs_sandbox_anything" },
    });
    expect(page).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
  });

  it("anchors a yearly gift on any month asked for within Stripe's limits", async () => {
    for (let month = 1; month <= 12; month += 1) {
      const answer = await callApi(createSubscription.action, "/api/donations/create-subscription", {
        body: {
          amount: 60,
          name: "Yusuf",
          email: "yusuf@example.org",
          purpose: "Education",
          interval: "year",
          payment_day: 1,
          payment_month: month,
        },
        clientAddress: `198.51.100.${month}`,
      });
      expect(answer.status, `payment_month ${month}`).toBe(200);
      const anchor = new Date(
        Number(fakeStripe().checkoutParams(answer.body.id).subscription_data.billing_cycle_anchor) * 1000,
      );
      expect(anchor.getUTCMonth() + 1).toBe(month);
    }
  });

  it("refuses invalid gifts with field errors before calling the provider", async () => {
    const before = fakeStripe().requests.length;
    const api = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: { amount: 0.5, name: "", email: "not-an-email", purpose: "Zakat" },
    });
    expect(api.status).toBe(422);
    expect(api.body.errors).toMatchObject({
      amount: ["The minimum donation is $1"],
      name: ["Please enter your full name"],
      email: ["Please enter a valid email address"],
    });
    const wrongDay = await callApi(createSubscription.action, "/api/donations/create-subscription", {
      body: { amount: 10, name: "A", email: "a@example.org", purpose: "Zakat", interval: "month", payment_day: 15 },
    });
    expect(wrongDay.status).toBe(422);
    expect(wrongDay.body.detail).toBe(
      "payment_day: Recurring gifts are charged on the 1st of the month, so this must be 1",
    );
    const form = unwrapData(
      await callRoute(donate.action, "/donate", { form: { amount: "abc", name: "A", email: "a@example.org" } }),
    );
    expect(form.status).toBe(400);
    expect(fakeStripe().requests.length).toBe(before);
  });

  it("tells the donor when the provider fails, keeps what they typed, and logs the error", async () => {
    fakeStripe().failNext("POST", /^\/v1\/checkout\/sessions$/);
    const { status, data } = unwrapData(
      await callRoute(donate.action, "/donate", {
        form: { ...DONOR, amount: "75", purpose: "Healthcare", frequency: "Monthly" },
      }),
    );
    expect(status).toBe(502);
    const result = (data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(result.error[""]).toEqual([
      "We couldn't reach our secure payment provider, so nothing was charged. Please try again in a moment.",
    ]);
    expect(result.initialValue).toMatchObject({ ...DONOR, amount: "75", purpose: "Healthcare", frequency: "Monthly" });
    expectLoggedError(/Donation checkout failed: Could not start the checkout/);

    fakeStripe().failNext("POST", /^\/v1\/checkout\/sessions$/);
    const api = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: { ...DONOR, amount: 10, purpose: "Zakat", frequency: "One-Time" },
    });
    expect(api).toMatchObject({
      status: 502,
      body: { detail: "Could not start the checkout with the card payment provider" },
    });
    expectLoggedError(/Could not start the checkout/);
  });
});

describe("a quick-pay gift with Stripe", () => {
  it("carries its purpose and designation in the provider's metadata, and is recorded in its fund with them", async () => {
    const response = (await callRoute(donate.action, "/donate", {
      form: { ...DONOR, obligation: "fidya", days: "4", amount: "1" },
    })) as Response;
    expect(response.status).toBe(303);
    const sessionId = response.headers.get("Location")!.split("/").pop()!;
    const params = fakeStripe().checkoutParams(sessionId);
    const metadata = {
      donor_name: "Aisha Khan",
      donor_email: "aisha@example.org",
      purpose: "Fidya",
      designation: "Fidya for 4 days",
      frequency: "One-Time",
    };
    expect(params).toMatchObject({
      mode: "payment",
      metadata,
      payment_intent_data: { metadata, description: "One-time donation: Fidya for 4 days" },
      line_items: [
        { quantity: "1", price_data: { unit_amount: "4800", product_data: { name: "Donation: Fidya for 4 days" } } },
      ],
    });
    expect(new URL(params.cancel_url).search).toBe("?obligation=fidya&days=4&checkout=canceled");

    await deliverAll(fakeStripe().pay(sessionId));
    const [gift] = await donationRows();
    expect(gift).toMatchObject({ amount_cents: 4800, purpose: "Fidya", designation: "Fidya for 4 days", is_test: 1 });
    const fund = await getDb()
      .selectFrom("funds")
      .select("slug")
      .where("id", "=", gift!.fund_id)
      .executeTakeFirstOrThrow();
    expect(fund.slug).toBe("fidya");
  });
});

describe("Stripe webhooks", () => {
  it("refuses a missing, forged or tampered signature with 400 and stores nothing", async () => {
    const sessionId = await donateWithForm({ amount: "40" });
    const [completed] = fakeStripe().pay(sessionId);
    const missing = await deliver(completed!, { signature: null });
    const forged = await deliver(completed!, { secret: "whsec_someone_else" });
    const garbage = await deliver(completed!, { signature: "t=1,v1=deadbeef" });
    for (const answer of [missing, forged, garbage]) {
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/^Webhook signature verification failed/);
    }
    expect(await donationRows()).toHaveLength(0);
    const ok = await deliver(completed!);
    expect(ok).toMatchObject({ status: 200, body: { received: true, outcome: "handled" } });
    expect(await donationRows()).toHaveLength(1);
  });

  it("records a paid one-time gift once, however often and however concurrently it is delivered", async () => {
    const sessionId = await donateWithForm({ amount: "25.50" });
    const [completed] = fakeStripe().pay(sessionId);
    const answers = await Promise.all([
      deliver(completed!),
      deliver(completed!),
      deliver(completed!),
      deliver(completed!),
    ]);
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual([
      "duplicate",
      "duplicate",
      "duplicate",
      "handled",
    ]);
    // Another event about the same payment (a different event id) adds nothing either.
    await deliver(
      fakeStripe().event("checkout.session.async_payment_succeeded", fakeStripe().sessions.get(sessionId)!),
    );
    const rows = await donationRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Aisha Khan",
      email: "aisha@example.org",
      amount_cents: 2550,
      frequency: "One-Time",
      purpose: "Zakat",
      payment_method: "card",
      stripe_checkout_session_id: sessionId,
      stripe_payment_intent_id: fakeStripe().sessions.get(sessionId)!.payment_intent,
    });
  });

  it("waits for delayed payments: nothing until async_payment_succeeded, nothing on failure", async () => {
    const sessionId = await donateWithForm({ amount: "60" });
    const session = fakeStripe().sessions.get(sessionId)!;
    Object.assign(session, { status: "complete", payment_status: "unpaid", payment_intent: "pi_test_delayed" });
    await deliver(fakeStripe().event("checkout.session.completed", session));
    expect(await donationRows()).toHaveLength(0);
    await deliver(fakeStripe().event("checkout.session.async_payment_failed", session));
    expect(await donationRows()).toHaveLength(0);
    session.payment_status = "paid";
    await deliver(fakeStripe().event("checkout.session.async_payment_succeeded", session));
    expect(await donationRows()).toHaveLength(1);
  });

  it("records every recurring charge, the first included, linked to its subscription", async () => {
    const sessionId = await donateWithForm({ amount: "50", frequency: "Monthly" });
    const firstEvents = fakeStripe().pay(sessionId);
    await deliverAll(firstEvents);
    const subscriptionId = fakeStripe().sessions.get(sessionId)!.subscription as string;

    const [subscription] = await subscriptionRows();
    expect(subscription).toMatchObject({
      name: "Aisha Khan",
      email: "aisha@example.org",
      amount_cents: 5000,
      purpose: "Zakat",
      interval: "month",
      payment_day: 1,
      status: "active",
      stripe_subscription_id: subscriptionId,
      stripe_checkout_session_id: sessionId,
      next_payment_date: new Date(firstOfNextMonthUtc() * 1000).toISOString(),
    });

    const renewal = fakeStripe().renew(subscriptionId);
    await deliverAll(renewal);
    await deliverAll(renewal);
    await deliverAll(fakeStripe().renew(subscriptionId));

    const rows = await donationRows();
    expect(rows.map((row) => [row.amount_cents, row.frequency, row.subscription_id])).toEqual([
      [5000, "Monthly", subscription!.id],
      [5000, "Monthly", subscription!.id],
      [5000, "Monthly", subscription!.id],
    ]);
    expect(new Set(rows.map((row) => row.stripe_invoice_id)).size).toBe(3);
    // Delivering the whole history again changes nothing.
    await deliverAll(firstEvents);
    expect(await donationRows()).toHaveLength(3);
    expect(await subscriptionRows()).toHaveLength(1);
  });

  it("records yearly gifts as Annually", async () => {
    const sessionId = await donateWithForm({ amount: "300", frequency: "Annually" });
    await deliverAll(fakeStripe().pay(sessionId));
    expect((await donationRows()).map((row) => row.frequency)).toEqual(["Annually"]);
    expect((await subscriptionRows())[0]).toMatchObject({ interval: "year", payment_day: 1, payment_month: 1 });
  });

  it("copes with events out of order and never moves a subscription back to an older state", async () => {
    const sessionId = await donateWithForm({ amount: "20", frequency: "Monthly" });
    const [created, paid, completed] = fakeStripe().pay(sessionId);
    // The invoice arrives first: the subscription is created from it and the gift recorded.
    await deliver(paid!);
    expect(await donationRows()).toHaveLength(1);
    expect((await subscriptionRows())[0]).toMatchObject({ status: "active", amount_cents: 2000 });
    await deliver(completed!);
    await deliver(created!);
    expect(await subscriptionRows()).toHaveLength(1);

    const subscriptionId = fakeStripe().sessions.get(sessionId)!.subscription as string;
    const [failed, pastDue] = fakeStripe().failRenewal(subscriptionId);
    await deliver(failed!);
    expect((await subscriptionRows())[0]!.status).toBe("past_due");

    // The card is fixed and the charge succeeds; then the older failure news arrives again.
    const [recoveredInvoice, recovered] = fakeStripe().renew(subscriptionId);
    await deliver(recovered!);
    await deliver(recoveredInvoice!);
    await deliver(pastDue!);
    expect((await subscriptionRows())[0]!.status).toBe("active");

    // Canceled is final: an older "active" update delivered late is ignored.
    const subscription = fakeStripe().subscriptions.get(subscriptionId)!;
    const olderActive = fakeStripe().event("customer.subscription.updated", subscription);
    subscription.status = "canceled";
    subscription.canceled_at = fakeStripe().now();
    await deliver(fakeStripe().event("customer.subscription.deleted", subscription));
    await deliver(olderActive);
    const [final] = await subscriptionRows();
    expect(final).toMatchObject({ status: "canceled", next_payment_date: null });
    expect(final!.canceled_at).not.toBeNull();
    expect(await donationRows()).toHaveLength(2);
  });

  it("never lets Stripe's early 'incomplete' undo a paid subscription, whatever the order or the clock", async () => {
    // Stripe's order: created (incomplete), invoice paid, updated (active), all in one second.
    const reversed = await donateWithForm({ amount: "12", frequency: "Monthly" });
    await deliverAll(fakeStripe().pay(reversed).reverse());
    const sameSecond = await donateWithForm({ amount: "13", frequency: "Monthly" });
    const [created, paid, updated, completed] = fakeStripe().pay(sameSecond);
    await deliverAll([updated!, created!, paid!, completed!]);
    // The invoice comes first, a second later than the creation event that follows it.
    const late = await donateWithForm({ amount: "14", frequency: "Monthly" });
    const [lateCreated, latePaid] = fakeStripe().pay(late);
    await deliver({ ...latePaid!, created: latePaid!.created + 1 });
    await deliver(lateCreated!);
    const rows = await subscriptionRows();
    expect(rows.map((row) => [row.amount_cents, row.status])).toEqual([
      [1200, "active"],
      [1300, "active"],
      [1400, "active"],
    ]);
    expect(rows.every((row) => row.next_payment_date === new Date(firstOfNextMonthUtc() * 1000).toISOString())).toBe(
      true,
    );
  });

  it("does not call a subscription whose first payment failed 'past due'", async () => {
    const sessionId = await donateWithForm({ amount: "17", frequency: "Monthly" });
    const [created] = fakeStripe().pay(sessionId);
    await deliver(created!);
    expect((await subscriptionRows())[0]!.status).toBe("incomplete");
    const subscription = fakeStripe().subscriptions.get(fakeStripe().sessions.get(sessionId)!.subscription as string)!;
    const failed = fakeStripe().invoiceFor(
      subscription,
      1700,
      "subscription_create",
      fakeStripe().now(),
      fakeStripe().now(),
      "open",
    );
    await deliver(fakeStripe().event("invoice.payment_failed", failed));
    expect((await subscriptionRows())[0]!.status).toBe("incomplete");
  });

  it("fills in the schedule of a subscription first known from its checkout: asked of the provider, else from its own events", async () => {
    const nextCharge = new Date(firstOfNextMonthUtc() * 1000).toISOString();
    const asked = await donateWithForm({ amount: "15", frequency: "Monthly" });
    await deliver(fakeStripe().pay(asked)[3]!);
    expect((await subscriptionRows())[0]).toMatchObject({ status: "active", next_payment_date: nextCharge });
    await clearGiving();

    const sessionId = await donateWithForm({ amount: "16", frequency: "Monthly" });
    const [created, , updated, completed] = fakeStripe().pay(sessionId);
    // The provider cannot be asked: the subscription's own events say it when they come.
    fakeStripe().failNext("GET", /^\/v1\/subscriptions\//);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await deliver({ ...completed!, created: completed!.created + 5 });
    warn.mockRestore();
    expect((await subscriptionRows())[0]).toMatchObject({ status: "active", next_payment_date: null });
    await deliver(created!);
    await deliver(updated!);
    expect((await subscriptionRows())[0]).toMatchObject({
      status: "active",
      next_payment_date: new Date(firstOfNextMonthUtc() * 1000).toISOString(),
    });
  });

  it("marks payments made with test keys as tests", async () => {
    const sessionId = await donateWithForm({ amount: "18" });
    await deliverAll(fakeStripe().pay(sessionId));
    expect((await donationRows())[0]!.is_test).toBe(1);
  });

  it("has the database itself refuse a second gift with the same provider id", async () => {
    const sessionId = await donateWithForm({ amount: "19" });
    await deliverAll(fakeStripe().pay(sessionId));
    const [gift] = await donationRows();
    const { id: _id, receipt_token: _token, ...copy } = gift!;
    await expect(getDb().insertInto("donations").values(copy).execute()).rejects.toThrow(
      uniqueViolationPattern("donations", "stripe_"),
    );
    expect(await donationRows()).toHaveLength(1);
  });

  it("acknowledges event types it does not use, and events that are not this site's gifts, without storing anything", async () => {
    const unknown = await deliver(fakeStripe().event("customer.created", { id: "cus_test_1", object: "customer" }));
    expect(unknown).toMatchObject({ status: 200, body: { outcome: "ignored" } });
    const foreign = fakeStripe().event("checkout.session.completed", {
      id: "cs_test_other_shop",
      object: "checkout.session",
      created: fakeStripe().now(),
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: 9999,
      metadata: { order: "T-shirt" },
      payment_intent: "pi_test_other",
    });
    expect((await deliver(foreign)).status).toBe(200);
    expect(await donationRows()).toHaveLength(0);
  });
});

describe("the success page", () => {
  async function confirmation(sessionId: string) {
    return (await callRoute(donationSuccess.loader, `/donation-success?session_id=${sessionId}`, {
      clientAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
    })) as Awaited<ReturnType<typeof donationSuccess.loader>>;
  }

  it("confirms a paid gift from the provider and records it when the webhook is late, once", async () => {
    const sessionId = await donateWithForm({ amount: "35", purpose: "Food & Water Aid" });
    const events = fakeStripe().pay(sessionId);
    expect(await confirmation(sessionId)).toEqual({
      status: "paid",
      gift: {
        amount: 35,
        purpose: "Food & Water Aid",
        fund: "Food & Water Aid",
        frequency: "One-Time",
        donorName: "Aisha Khan",
      },
      // Shared from the thank-you page: the donate page, never the page's own address.
      share: {
        url: "http://localhost:3000/donate",
        title: "Give with Al-Amanah Foundation",
        text: "I just gave to Al-Amanah Foundation. Will you join me?",
      },
    });
    expect(await confirmation(sessionId)).toMatchObject({ status: "paid" });
    await deliverAll(events);
    expect(await donationRows()).toHaveLength(1);
  });

  it("records a recurring gift's subscription and first charge when the webhooks are late", async () => {
    const sessionId = await donateWithForm({ amount: "15", frequency: "Monthly" });
    const events = fakeStripe().pay(sessionId);
    expect(await confirmation(sessionId)).toMatchObject({ status: "paid", gift: { amount: 15, frequency: "Monthly" } });
    await deliverAll(events);
    expect(await donationRows()).toHaveLength(1);
    expect(await subscriptionRows()).toHaveLength(1);
  });

  it("answers from the gift already recorded, without asking the provider again", async () => {
    const sessionId = await donateWithForm({ amount: "21" });
    await deliverAll(fakeStripe().pay(sessionId));
    const calls = fakeStripe().requests.length;
    expect(await confirmation(sessionId)).toEqual({
      status: "paid",
      gift: { amount: 21, purpose: "Zakat", fund: "Zakat al-Mal", frequency: "One-Time", donorName: "Aisha Khan" },
      // Shared from the thank-you page: the donate page, never the page's own address.
      share: {
        url: "http://localhost:3000/donate",
        title: "Give with Al-Amanah Foundation",
        text: "I just gave to Al-Amanah Foundation. Will you join me?",
      },
    });
    expect(fakeStripe().requests.length).toBe(calls);
  });

  it("limits how often one address may make it ask the provider", async () => {
    const answers = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      answers.push(
        await callRoute(donationSuccess.loader, `/donation-success?session_id=cs_test_unknown_${attempt}_padding`, {
          clientAddress: "198.51.100.7",
        }),
      );
    }
    expect(answers.slice(0, 30).every((answer) => (answer as { status: string }).status === "unknown")).toBe(true);
    expect(answers[30]).toEqual({ status: "busy" });
  });

  it("never thanks anyone for money not received", async () => {
    const sessionId = await donateWithForm({ amount: "80" });
    expect(await confirmation(sessionId)).toEqual({ status: "unpaid" });
    expect(await confirmation("cs_test_does_not_exist_123")).toEqual({ status: "unknown" });
    const calls = fakeStripe().requests.length;
    expect(await confirmation("not-a-session")).toEqual({ status: "unknown" });
    expect(fakeStripe().requests.length).toBe(calls);
    expect(await donationRows()).toHaveLength(0);
  });

  it("says so honestly when the provider cannot be reached", async () => {
    const sessionId = await donateWithForm({ amount: "80" });
    fakeStripe().failNext("GET", /^\/v1\/checkout\/sessions\//);
    expect(await confirmation(sessionId)).toEqual({ status: "unavailable" });
    expectLoggedError(/Could not confirm checkout/);
  });
});

describe("reconciliation with the provider", () => {
  it("Sync recovers exactly the gifts whose webhooks were missed, and a second Sync adds none", async () => {
    const { auth } = await createTestAdmin();
    const delivered = await donateWithForm({ amount: "10" });
    await deliverAll(fakeStripe().pay(delivered));
    const missedOneTime = await donateWithForm({ amount: "20" });
    fakeStripe().pay(missedOneTime);
    const missedMonthly = await donateWithForm({ amount: "30", frequency: "Monthly" });
    fakeStripe().pay(missedMonthly);
    fakeStripe().renew(fakeStripe().sessions.get(missedMonthly)!.subscription as string);
    await donateWithForm({ amount: "99" }); // abandoned: never paid

    const first = await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth });
    // One one-time gift, one subscription and its two charges.
    expect(first.body).toEqual({ synced: 4 });
    const rows = await donationRows();
    expect(rows.map((row) => row.amount_cents).sort((a, b) => a - b)).toEqual([1000, 2000, 3000, 3000]);
    expect(await subscriptionRows()).toHaveLength(1);

    const second = await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth });
    expect(second.body).toEqual({ synced: 0 });
    expect(await donationRows()).toHaveLength(4);
  });

  it("Update Status brings statuses in line with the provider", async () => {
    const { auth } = await createTestAdmin();
    const sessionId = await donateWithForm({ amount: "30", frequency: "Monthly" });
    await deliverAll(fakeStripe().pay(sessionId));
    const subscription = fakeStripe().subscriptions.get(fakeStripe().sessions.get(sessionId)!.subscription as string)!;
    subscription.status = "past_due";
    const first = await callApi(refreshApi.action, "/api/donations/update-subscription-status", {
      method: "POST",
      headers: auth,
    });
    expect(first.body).toEqual({ updated: 1 });
    expect((await subscriptionRows())[0]!.status).toBe("past_due");
    const second = await callApi(refreshApi.action, "/api/donations/update-subscription-status", {
      method: "POST",
      headers: auth,
    });
    expect(second.body).toEqual({ updated: 0 });
  });

  it("cancels at the provider first, then here; refuses what cannot be canceled", async () => {
    const { auth } = await createTestAdmin();
    const sessionId = await donateWithForm({ amount: "30", frequency: "Monthly" });
    await deliverAll(fakeStripe().pay(sessionId));
    const providerId = fakeStripe().sessions.get(sessionId)!.subscription as string;

    fakeStripe().failNext("DELETE", /^\/v1\/subscriptions\//);
    const failed = await callApi(cancelSubscriptionApi.action, "/api/donations/cancel-subscription", {
      body: { subscription_id: providerId },
      headers: auth,
    });
    expect(failed.status).toBe(502);
    expectLoggedError(/Could not cancel the subscription/);
    expect((await subscriptionRows())[0]!.status).toBe("active");
    expect(fakeStripe().subscriptions.get(providerId)!.status).toBe("active");

    const canceled = await callApi(cancelSubscriptionApi.action, "/api/donations/cancel-subscription", {
      body: { subscription_id: providerId },
      headers: auth,
    });
    expect(canceled).toMatchObject({
      status: 200,
      body: { status: "canceled", stripe_subscription_id: providerId, next_payment_date: null },
    });
    expect(fakeStripe().subscriptions.get(providerId)!.status).toBe("canceled");
    expect(fakeStripe().requests.filter((r) => r.method === "DELETE")).toHaveLength(2);

    const again = await callApi(cancelSubscriptionApi.action, "/api/donations/cancel-subscription", {
      body: { subscription_id: providerId },
      headers: auth,
    });
    expect(again.status).toBe(409);
    const unknown = await callApi(cancelSubscriptionApi.action, "/api/donations/cancel-subscription", {
      body: { subscription_id: "sub_test_nope" },
      headers: auth,
    });
    expect(unknown.status).toBe(404);
    const empty = await callApi(cancelSubscriptionApi.action, "/api/donations/cancel-subscription", {
      body: {},
      headers: auth,
    });
    expect(empty).toMatchObject({
      status: 422,
      body: { detail: "subscription_id: Give the card provider's subscription id" },
    });
  });

  it("Sync looks back 90 days unless asked for more", async () => {
    const { auth } = await createTestAdmin();
    const sessionId = await donateWithForm({ amount: "22" });
    fakeStripe().pay(sessionId);
    fakeStripe().sessions.get(sessionId)!.created -= 120 * 24 * 60 * 60;
    const recent = await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth });
    expect(recent.body).toEqual({ synced: 0 });
    const year = await callApi(syncApi.action, "/api/donations/sync-stripe-data?days=365", {
      method: "POST",
      headers: auth,
    });
    expect(year.body).toEqual({ synced: 1 });
    const bad = await callApi(syncApi.action, "/api/donations/sync-stripe-data?days=0", {
      method: "POST",
      headers: auth,
    });
    expect(bad.status).toBe(422);
  });

  it("shows the spec's failure banners when the provider fails on the admin screens", async () => {
    fakeStripe().failNext("GET", /^\/v1\/checkout\/sessions$/);
    const sync = unwrapData(await callRoute(donationsScreen.action, "/admin/donations", { form: { intent: "sync" } }));
    expect(sync).toMatchObject({
      status: 502,
      data: { ok: false, message: "Failed to sync data from the card payment provider" },
    });
    expectLoggedError(/Sync failed: Could not list checkout sessions/);

    fakeStripe().failNext("GET", /^\/v1\/subscriptions$/);
    const refresh = unwrapData(
      await callRoute(subscriptionsScreen.action, "/admin/subscriptions", { form: { intent: "refresh" } }),
    );
    expect(refresh).toMatchObject({
      status: 502,
      data: { ok: false, message: "Failed to update subscription status" },
    });
    expectLoggedError(/Status update failed: Could not list subscriptions/);

    const sessionId = await donateWithForm({ amount: "23", frequency: "Monthly" });
    await deliverAll(fakeStripe().pay(sessionId));
    fakeStripe().failNext("DELETE", /^\/v1\/subscriptions\//);
    const cancel = unwrapData(
      await callRoute(subscriptionsScreen.action, "/admin/subscriptions", {
        form: { intent: "cancel", subscription_id: fakeStripe().sessions.get(sessionId)!.subscription as string },
      }),
    );
    expect(cancel).toMatchObject({ status: 502, data: { ok: false, message: "Failed to cancel subscription" } });
    expectLoggedError(/Cancel failed: Could not cancel the subscription/);
    expect((await subscriptionRows())[0]!.status).toBe("active");
  });

  it("answers 502 {detail} when the provider fails during Sync", async () => {
    const { auth } = await createTestAdmin();
    fakeStripe().failNext("GET", /^\/v1\/checkout\/sessions$/);
    const answer = await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth });
    expect(answer).toMatchObject({ status: 502, body: { detail: "Could not list checkout sessions" } });
    expectLoggedError(/Could not list checkout sessions/);
  });
});
