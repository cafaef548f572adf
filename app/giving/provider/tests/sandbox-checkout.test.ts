import { beforeEach, describe, expect, it } from "vitest";
import { nextScheduledCharge } from "~/giving/recurring/rules/recurring-schedule";
import { getDb } from "~/lib/db.server";
import * as donate from "~/giving/donate/routes/donate";
import * as donationSuccess from "~/giving/donate/routes/donation-success";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as syncApi from "~/giving/provider/routes/api-sync-provider";
import * as cancelApi from "~/giving/recurring/routes/api-cancel-subscription";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving, donationRows, subscriptionRows } from "../../../../tests/support/giving-records";
import { callApi, callRoute } from "../../../../tests/support/routes";
import { deliver } from "../../../../tests/support/stripe-mode";

/**
 * Sandbox mode (no keys, the default): the simulated hosted checkout pays through
 * signed events that the same webhook handler verifies and records.
 */
beforeEach(clearGiving);

async function startGift(fields: Record<string, string>): Promise<string> {
  const response = (await callRoute(donate.action, "/donate", {
    form: { name: "Bilal Ahmed", email: "bilal@example.org", purpose: "Orphan Care", ...fields },
  })) as Response;
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sandbox_[0-9a-f]+$/);
  return location.split("/").pop()!;
}

async function press(sessionId: string, intent: "pay" | "cancel"): Promise<string> {
  const response = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
    form: { intent },
    params: { sessionId },
  })) as Response;
  expect(response.status).toBe(303);
  return response.headers.get("Location")!;
}

describe("the sandbox checkout", () => {
  it("shows the gift, and answers 404 for an unknown session", async () => {
    const sessionId = await startGift({ amount: "42.50", frequency: "Monthly" });
    const page = (await callRoute(sandboxCheckout.loader, `/sandbox/checkout/${sessionId}`, {
      params: { sessionId },
    })) as Awaited<ReturnType<typeof sandboxCheckout.loader>>;
    expect(page).toMatchObject({
      status: "open",
      amountCents: 4250,
      purpose: "Orphan Care",
      frequency: "Monthly",
      donorName: "Bilal Ahmed",
      donorEmail: "bilal@example.org",
    });
    const unknown = await callRoute(sandboxCheckout.loader, "/sandbox/checkout/cs_sandbox_nope", {
      params: { sessionId: "cs_sandbox_nope" },
    });
    expect(unknown).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
  });

  it("Pay records the gift through the webhook handler and goes to the success page", async () => {
    const sessionId = await startGift({ amount: "42.50" });
    const next = await press(sessionId, "pay");
    expect(next).toBe(`http://localhost:3000/donation-success?session_id=${sessionId}`);
    expect(await donationRows()).toMatchObject([
      { amount_cents: 4250, frequency: "One-Time", purpose: "Orphan Care", stripe_checkout_session_id: sessionId },
    ]);
    const handled = await getDb().selectFrom("processed_provider_events").select("type").execute();
    expect(handled.map((event) => event.type)).toEqual(["checkout.session.completed"]);

    const confirmation = await callRoute(donationSuccess.loader, `/donation-success?session_id=${sessionId}`);
    expect(confirmation).toEqual({
      status: "paid",
      gift: {
        amount: 42.5,
        purpose: "Orphan Care",
        fund: "Orphan Care",
        frequency: "One-Time",
        donorName: "Bilal Ahmed",
      },
      share: {
        url: "http://localhost:3000/donate",
        title: "Give with Al-Amanah Foundation",
        text: "I just gave to Al-Amanah Foundation. Will you join me?",
      },
    });

    // Pressing Pay again (a double click, a reload) records nothing more.
    expect(await press(sessionId, "pay")).toBe(next);
    expect(await donationRows()).toHaveLength(1);
  });

  it("two Pay presses at the same moment make one gift", async () => {
    const sessionId = await startGift({ amount: "9", frequency: "Monthly" });
    await Promise.all([press(sessionId, "pay"), press(sessionId, "pay"), press(sessionId, "pay")]);
    expect(await donationRows()).toHaveLength(1);
    expect(await subscriptionRows()).toHaveLength(1);
    const invoices = await getDb().selectFrom("sandbox_objects").select("id").where("type", "=", "invoice").execute();
    expect(invoices).toHaveLength(1);
  });

  it("Pay and Cancel pressed together never leave a recorded gift on a canceled checkout", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const sessionId = await startGift({ amount: "7" });
      await Promise.all([press(sessionId, "cancel"), press(sessionId, "pay")]);
      const row = await getDb()
        .selectFrom("sandbox_objects")
        .select("data")
        .where("id", "=", sessionId)
        .executeTakeFirstOrThrow();
      const paid = (await donationRows()).some((gift) => gift.stripe_checkout_session_id === sessionId);
      expect(JSON.parse(row.data).status).toBe(paid ? "complete" : "expired");
    }
  });

  it("a monthly gift gets its subscription, anchored on the 1st, and its first charge", async () => {
    const sessionId = await startGift({ amount: "25", frequency: "Monthly" });
    await press(sessionId, "pay");
    const [subscription] = await subscriptionRows();
    const now = new Date();
    expect(subscription).toMatchObject({
      status: "active",
      interval: "month",
      payment_day: 1,
      amount_cents: 2500,
      next_payment_date: nextScheduledCharge("month", now).toISOString(),
    });
    expect(await donationRows()).toMatchObject([
      { amount_cents: 2500, frequency: "Monthly", subscription_id: subscription!.id },
    ]);
  });

  it("Cancel goes back to the form with the gift kept, and the session can no longer be paid", async () => {
    const sessionId = await startGift({ amount: "30", frequency: "Annually" });
    const back = new URL(await press(sessionId, "cancel"));
    expect(back.pathname).toBe("/donate");
    expect(Object.fromEntries(back.searchParams)).toEqual({
      amount: "30",
      purpose: "Orphan Care",
      frequency: "Annually",
      checkout: "canceled",
    });
    await press(sessionId, "pay");
    expect(await donationRows()).toHaveLength(0);
    expect(await callRoute(donationSuccess.loader, `/donation-success?session_id=${sessionId}`)).toEqual({
      status: "unpaid",
    });
  });

  it("the webhook endpoint refuses events the sandbox did not sign", async () => {
    const sessionId = await startGift({ amount: "10" });
    const forged = {
      id: "evt_forged",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          mode: "payment",
          payment_status: "paid",
          amount_total: 1_000_000,
          metadata: { frequency: "One-Time" },
        },
      },
    };
    expect((await deliver(forged)).status).toBe(400);
    expect((await deliver(forged, { signature: null })).status).toBe(400);
    expect(await donationRows()).toHaveLength(0);
  });

  it("Sync recovers sandbox gifts missing here, and cancel reaches the simulated provider", async () => {
    const { auth } = await createTestAdmin();
    const oneTime = await startGift({ amount: "12" });
    await press(oneTime, "pay");
    const monthly = await startGift({ amount: "8", frequency: "Monthly" });
    await press(monthly, "pay");
    // As if the events had never arrived.
    await getDb().deleteFrom("donations").execute();
    await getDb().deleteFrom("subscriptions").execute();

    expect(
      (await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth })).body,
    ).toEqual({ synced: 3 });
    expect(
      (await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth })).body,
    ).toEqual({ synced: 0 });
    expect((await donationRows()).map((row) => row.amount_cents).sort()).toEqual([1200, 800].sort());

    const [subscription] = await subscriptionRows();
    const canceled = await callApi(cancelApi.action, "/api/donations/cancel-subscription", {
      body: { subscription_id: subscription!.stripe_subscription_id },
      headers: auth,
    });
    expect(canceled.body).toMatchObject({ status: "canceled" });
    const stored = await getDb()
      .selectFrom("sandbox_objects")
      .select("data")
      .where("id", "=", subscription!.stripe_subscription_id!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ status: "canceled" });
  });
});
