import { beforeEach, describe, expect, it, vi } from "vitest";
import { resumeCollectionAt, resumingCharge } from "~/giving/recurring/rules/recurring-pause";
import { getDb } from "~/lib/db.server";
import * as donate from "~/giving/donate/routes/donate";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as cancelApi from "~/giving/recurring/routes/api-cancel-subscription";
import * as changeApi from "~/giving/recurring/routes/api-subscription-change";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving, donationRows, subscriptionRows } from "../../../../tests/support/giving-records";
import { callApi, callRoute } from "../../../../tests/support/routes";
import { deliver, deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";

/**
 * Changing, pausing and resuming a recurring gift through the admin API, with Stripe (the
 * fake) and with the sandbox: the gift's row, the provider's subscription, the gift's
 * history and the one mail to the donor; and changes made at the provider alone.
 */
const DONOR = { name: "Maryam Yusuf", email: "maryam@example.org" };
let auth: Record<string, string>;
let adminName: string;

beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("outbound_mail").execute();
  const admin = await createTestAdmin();
  auth = admin.auth;
  adminName = admin.admin.username;
});

async function startMonthly(fields: Record<string, string> = {}): Promise<string> {
  const response = (await callRoute(donate.action, "/donate", {
    form: { ...DONOR, purpose: "Zakat", amount: "50", frequency: "Monthly", ...fields },
  })) as Response;
  expect(response.status).toBe(303);
  return response.headers.get("Location")!.split("/").pop()!;
}

function act(change: string, id: number | string, body?: unknown, headers: Record<string, string> = auth) {
  return callApi(changeApi.action, `/api/donations/subscriptions/${id}/${change}`, {
    method: "POST",
    body,
    headers,
    params: { id: String(id), change },
  });
}

function history(subscriptionId: number) {
  return getDb()
    .selectFrom("subscription_changes")
    .select(["kind", "from_cents", "to_cents", "resumes_at", "actor", "actor_name", "provider_event_id"])
    .where("subscription_id", "=", subscriptionId)
    .orderBy("id")
    .execute();
}

function changeMails() {
  return getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", "recurring-change").orderBy("id").execute();
}

async function onlyGift() {
  const rows = await subscriptionRows();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("with Stripe", () => {
  const fakeStripe = useFakeStripe();

  async function givingMonthly(fields: Record<string, string> = {}) {
    const sessionId = await startMonthly(fields);
    await deliverAll(fakeStripe().pay(sessionId));
    const gift = await onlyGift();
    return { gift, providerId: gift.stripe_subscription_id! };
  }

  /** What the app asked Stripe to change on a subscription. */
  function updates(providerId: string) {
    return fakeStripe().requests.filter(
      (request) => request.method === "POST" && request.path === `/v1/subscriptions/${providerId}`,
    );
  }

  it("changes the amount from the next charge: a new price without proration, the history and one mail", async () => {
    const { gift, providerId } = await givingMonthly();
    const answer = await act("change", gift.id, { amount: 25 });
    expect(answer).toMatchObject({
      status: 200,
      body: { id: gift.id, amount: 25, status: "active", resumes_at: null },
    });

    const [update] = updates(providerId);
    expect(update?.body).toMatchObject({
      proration_behavior: "none",
      items: [{ price_data: { unit_amount: "2500", recurring: { interval: "month" } } }],
    });
    const items = fakeStripe().subscriptions.get(providerId)!.items.data;
    expect(items.map((item: { price: { unit_amount: number } }) => item.price.unit_amount)).toEqual([2500]);
    expect((await onlyGift()).amount_cents).toBe(2500);

    expect(await history(gift.id)).toEqual([
      expect.objectContaining({ kind: "created", to_cents: 5000 }),
      {
        kind: "amount_changed",
        from_cents: 5000,
        to_cents: 2500,
        resumes_at: null,
        actor: "staff",
        actor_name: adminName,
        provider_event_id: null,
      },
    ]);
    // Stripe's own event about it comes back, twice: nothing is kept or sent again.
    const events = fakeStripe().takeEvents();
    expect(events.map((event) => event.type)).toEqual(["customer.subscription.updated"]);
    await deliverAll([...events, ...events]);
    expect(await history(gift.id)).toHaveLength(2);
    const mails = await changeMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: DONOR.email, subject: "[Test] Your monthly gift is now $25" });
    expect(mails[0]!.text_body).toContain("instead of $50, from its next charge. Nothing is charged now.");

    // The next charge is the new amount.
    await deliverAll(fakeStripe().renew(providerId));
    const charges = await donationRows();
    expect(charges.map((row) => row.amount_cents)).toEqual([5000, 2500]);
  });

  it("re-prices the covered card fee beside a changed gift", async () => {
    const { gift, providerId } = await givingMonthly({ cover_fees: "on" });
    expect(gift.fee_cover_cents).toBeGreaterThan(0);
    expect((await act("change", gift.id, { amount: "100" })).status).toBe(200);
    const [giftItem, feeItem] = fakeStripe().subscriptions.get(providerId)!.items.data;
    expect(giftItem.price.unit_amount).toBe(10_000);
    const row = await onlyGift();
    expect(row).toMatchObject({ amount_cents: 10_000, fee_cover_cents: feeItem.price.unit_amount });
    expect(row.fee_cover_cents).toBeGreaterThan(gift.fee_cover_cents);
    await deliverAll(fakeStripe().takeEvents());
    expect((await history(gift.id)).map((line) => line.kind)).toEqual(["created", "amount_changed"]);
  });

  it("pauses for two charges, skips them, and collects again the day after resumes_at", async () => {
    const { gift, providerId } = await givingMonthly();
    const next = new Date(gift.next_payment_date!);
    const resumesAt = resumeCollectionAt(next, "month", 2).toISOString();
    expect((await act("pause", gift.id, { charges: 2 })).body).toMatchObject({
      resumes_at: resumesAt,
      status: "paused",
      next_payment_date: resumingCharge(next, "month", 2).toISOString(),
    });
    expect(updates(providerId)[0]?.body.pause_collection).toEqual({
      behavior: "void",
      resumes_at: String(Date.parse(resumesAt) / 1000),
    });
    expect(Date.parse(resumesAt)).toBe(resumingCharge(next, "month", 2).getTime() - 86_400_000);
    await deliverAll(fakeStripe().takeEvents());
    expect(await history(gift.id)).toEqual([
      expect.objectContaining({ kind: "created" }),
      expect.objectContaining({ kind: "paused", resumes_at: resumesAt, actor: "staff" }),
    ]);
    const mails = await changeMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("[Test] Your monthly gift is paused");
    expect(mails[0]!.text_body).toContain("It resumes by itself with the charge on");

    // Two charges skipped, the third collected; the pause ran its course, told already.
    for (let charge = 0; charge < 3; charge += 1) await deliverAll(fakeStripe().renew(providerId));
    expect((await donationRows()).map((row) => row.amount_cents)).toEqual([5000, 5000]);
    expect((await onlyGift()).resumes_at).toBeNull();
    expect((await history(gift.id)).map((line) => [line.kind, line.actor])).toEqual([
      ["created", "donor"],
      ["paused", "staff"],
      ["resumed", "provider"],
    ]);
    expect(await changeMails()).toHaveLength(1);
  });

  it("resumes early", async () => {
    const { gift, providerId } = await givingMonthly();
    await act("pause", gift.id, { charges: 1 });
    await deliverAll(fakeStripe().takeEvents());
    const resumed = await act("resume", gift.id);
    expect(resumed).toMatchObject({ status: 200, body: { resumes_at: null } });
    expect(updates(providerId)[1]?.body).toEqual({ pause_collection: "" });
    expect(fakeStripe().subscriptions.get(providerId)!.pause_collection).toBeNull();
    await deliverAll(fakeStripe().takeEvents());
    expect((await history(gift.id)).map((line) => line.kind)).toEqual(["created", "paused", "resumed"]);
    expect((await changeMails()).map((mail) => mail.subject)).toEqual([
      "[Test] Your monthly gift is paused",
      "[Test] Your monthly gift has resumed",
    ]);
    expect((await act("resume", gift.id)).status).toBe(409);
  });

  it("refuses the amount the gift already has beside its field (422) and a second pause (409), asking the provider nothing", async () => {
    const { gift, providerId } = await givingMonthly();
    expect(await act("change", gift.id, { amount: "50.00" })).toMatchObject({
      status: 422,
      body: { errors: { amount: ["That is already the amount"] } },
    });
    expect(updates(providerId)).toHaveLength(0);

    expect((await act("pause", gift.id, { charges: 2 })).status).toBe(200);
    await deliverAll(fakeStripe().takeEvents());
    const paused = await onlyGift();
    // Pausing again would have moved the end of the pause the donor was told about.
    expect(await act("pause", gift.id, { charges: 1 })).toMatchObject({
      status: 409,
      body: { detail: "This recurring gift is already paused" },
    });
    expect((await onlyGift()).resumes_at).toBe(paused.resumes_at);
    expect(updates(providerId)).toHaveLength(1);
    expect((await history(gift.id)).map((line) => line.kind)).toEqual(["created", "paused"]);
    expect((await changeMails()).map((mail) => mail.subject)).toEqual(["[Test] Your monthly gift is paused"]);
  });

  it("pauses a gift charged on the 31st until a charge on its own day, not a shorter month's", async () => {
    const { gift, providerId } = await givingMonthly();
    await getDb()
      .updateTable("subscriptions")
      .set({ payment_day: 31, next_payment_date: "2027-02-28T12:00:00.000Z" })
      .where("id", "=", gift.id)
      .execute();
    expect(await act("pause", gift.id, { charges: 1 })).toMatchObject({ status: 200 });
    // Skipping Feb 28, it resumes with the charge of Mar 31: collecting again on Mar 30.
    expect(updates(providerId)[0]?.body.pause_collection).toEqual({
      behavior: "void",
      resumes_at: String(Date.parse("2027-03-30T12:00:00.000Z") / 1000),
    });
  });

  it("keeps a change made at the provider once, as the provider's, with its mail", async () => {
    const { gift, providerId } = await givingMonthly();
    const item = fakeStripe().subscriptions.get(providerId)!.items.data[0];
    const events = fakeStripe().updateAtProvider(providerId, {
      items: [
        {
          id: item.id,
          price_data: {
            currency: "usd",
            product: item.price.product,
            unit_amount: "7500",
            recurring: { interval: "month" },
          },
        },
      ],
      pause_collection: { behavior: "void", resumes_at: String(item.current_period_end + 40 * 86_400) },
    });
    await deliverAll([...events, ...events]);
    const row = await onlyGift();
    expect(row.amount_cents).toBe(7500);
    expect(row.resumes_at).toBe(new Date((item.current_period_end + 40 * 86_400) * 1000).toISOString());
    expect(await history(gift.id)).toEqual([
      expect.objectContaining({ kind: "created" }),
      expect.objectContaining({
        kind: "amount_changed",
        from_cents: 5000,
        to_cents: 7500,
        actor: "provider",
        provider_event_id: events[0]!.id,
      }),
      expect.objectContaining({ kind: "paused", actor: "provider", provider_event_id: events[0]!.id }),
    ]);
    expect((await changeMails()).map((mail) => mail.subject)).toEqual([
      "[Test] Your monthly gift is now $75",
      "[Test] Your monthly gift is paused",
    ]);
    expect((await changeMails())[0]!.text_body).toContain("at the card payment provider");
  });

  describe("a new monthly gift whose webhook is never sent customer.subscription.*", () => {
    /** The donor pays; of Stripe's events only the checkout's and the invoice's are sent (a narrower event list). */
    async function paidWithoutItsOwnEvents() {
      const sessionId = await startMonthly();
      const [, paid, , completed] = fakeStripe().pay(sessionId);
      const providerId = fakeStripe().sessions.get(sessionId)!.subscription as string;
      const nextCharge = new Date(
        fakeStripe().subscriptions.get(providerId)!.items.data[0].current_period_end * 1000,
      ).toISOString();
      return { completed: completed!, paid: paid!, providerId, nextCharge };
    }

    it("knows its next charge in whatever order the others arrive, however often, and can be paused", async () => {
      const orders: Array<(events: { completed: object; paid: object }) => object[]> = [
        ({ completed }) => [completed],
        ({ completed, paid }) => [completed, paid],
        ({ completed, paid }) => [paid, completed],
        ({ completed, paid }) => [completed, completed, paid, completed, paid],
      ];
      for (const order of orders) {
        await clearGiving();
        const { providerId, nextCharge, ...events } = await paidWithoutItsOwnEvents();
        for (const event of order(events)) expect((await deliver(event)).status).toBe(200);
        const gift = await onlyGift();
        expect(gift).toMatchObject({
          stripe_subscription_id: providerId,
          status: "active",
          amount_cents: 5000,
          next_payment_date: nextCharge,
        });
        expect(await act("pause", gift.id, { charges: 1 })).toMatchObject({
          status: 200,
          body: { resumes_at: resumeCollectionAt(new Date(nextCharge), "month", 1).toISOString() },
        });
        expect((await history(gift.id)).map((line) => line.kind)).toEqual(["created", "paused"]);
      }
    });

    it("records the money when the provider cannot be asked for the subscription, and learns its next charge later", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        const { providerId, nextCharge, completed, paid } = await paidWithoutItsOwnEvents();
        fakeStripe().failNext("GET", /^\/v1\/subscriptions\//);
        fakeStripe().failNext("GET", /^\/v1\/subscriptions\//);
        expect((await deliver(completed)).status).toBe(200);
        expect((await deliver(paid)).status).toBe(200);
        expect((await donationRows()).map((row) => row.amount_cents)).toEqual([5000]);
        const gift = await onlyGift();
        expect(gift).toMatchObject({ stripe_subscription_id: providerId, status: "active", next_payment_date: null });
        expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
          `Could not read subscription ${providerId} from the card payment provider; its next charge is learned later`,
          `Could not read subscription ${providerId} from the card payment provider; its next charge is learned later`,
        ]);
        // Pausing asks the provider once more.
        expect(await act("pause", gift.id, { charges: 2 })).toMatchObject({
          status: 200,
          body: { resumes_at: resumeCollectionAt(new Date(nextCharge), "month", 2).toISOString() },
        });
        expect((await onlyGift()).next_payment_date).toBe(nextCharge);
      } finally {
        warn.mockRestore();
      }
    });

    it("learns it from the next event naming the gift when the first could not ask", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        const { nextCharge, completed, paid } = await paidWithoutItsOwnEvents();
        fakeStripe().failNext("GET", /^\/v1\/subscriptions\//);
        await deliver(completed);
        expect((await onlyGift()).next_payment_date).toBeNull();
        await deliver(paid);
        expect((await onlyGift()).next_payment_date).toBe(nextCharge);
        expect((await donationRows()).map((row) => row.amount_cents)).toEqual([5000]);
      } finally {
        warn.mockRestore();
      }
    });
  });

  it("refuses a canceled gift (409), bad values (422), an unknown gift (404) and no token (401)", async () => {
    const { gift, providerId } = await givingMonthly();
    const bad = await act("change", gift.id, { amount: 0.5 });
    expect(bad).toMatchObject({
      status: 422,
      body: { errors: { amount: [expect.stringContaining("minimum donation is $1")] } },
    });
    expect((await act("change", gift.id, { amount: "lots" })).status).toBe(422);
    expect(await act("pause", gift.id, { charges: 4 })).toMatchObject({
      status: 422,
      body: { errors: { charges: [expect.any(String)] } },
    });
    expect((await act("pause", gift.id, {})).status).toBe(422);
    expect((await act("change", 999_999, { amount: 10 })).status).toBe(404);
    expect((await act("rename", gift.id, {})).status).toBe(404);
    expect((await act("change", gift.id, { amount: 10 }, {})).status).toBe(401);
    expect(updates(providerId)).toHaveLength(0);

    const canceled = await callApi(cancelApi.action, "/api/donations/cancel-subscription", {
      method: "POST",
      body: { subscription_id: providerId },
      headers: auth,
    });
    expect(canceled.status).toBe(200);
    const refused = await act("change", gift.id, { amount: 10 });
    expect(refused).toMatchObject({ status: 409, body: { detail: expect.stringContaining("ended") } });
    expect((await act("pause", gift.id, { charges: 1 })).status).toBe(409);
    expect((await history(gift.id)).map((line) => [line.kind, line.actor, line.actor_name])).toEqual([
      ["created", "donor", ""],
      ["canceled", "staff", adminName],
    ]);
    // The cancellation alone is told to the donor; the refused changes are not.
    expect((await changeMails()).map((mail) => mail.subject)).toEqual(["[Test] Your monthly gift is canceled"]);
  });
});

describe("in the sandbox", () => {
  async function givingMonthly() {
    const sessionId = await startMonthly();
    const response = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "pay" },
      params: { sessionId },
    })) as Response;
    expect(response.status).toBe(303);
    return onlyGift();
  }

  async function sandboxSubscription(id: string) {
    const row = await getDb()
      .selectFrom("sandbox_objects")
      .select("data")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.data);
  }

  it("changes, pauses and resumes through its signed events, each kept and mailed once", async () => {
    const gift = await givingMonthly();
    expect((await act("change", gift.id, { amount: 20 })).body).toMatchObject({ amount: 20 });
    expect((await sandboxSubscription(gift.stripe_subscription_id!)).items.data[0].price.unit_amount).toBe(2000);

    const resumesAt = resumeCollectionAt(new Date(gift.next_payment_date!), "month", 3).toISOString();
    expect((await act("pause", gift.id, { charges: "3" })).body).toMatchObject({ resumes_at: resumesAt });
    expect((await sandboxSubscription(gift.stripe_subscription_id!)).pause_collection).toEqual({
      behavior: "void",
      resumes_at: Date.parse(resumesAt) / 1000,
    });
    expect((await act("resume", gift.id)).body).toMatchObject({ resumes_at: null, amount: 20 });

    expect((await history(gift.id)).map((line) => [line.kind, line.actor])).toEqual([
      ["created", "donor"],
      ["amount_changed", "staff"],
      ["paused", "staff"],
      ["resumed", "staff"],
    ]);
    expect((await changeMails()).map((mail) => mail.subject)).toEqual([
      "[Test] Your monthly gift is now $20",
      "[Test] Your monthly gift is paused",
      "[Test] Your monthly gift has resumed",
    ]);
    const handled = await getDb()
      .selectFrom("processed_provider_events")
      .select("type")
      .where("type", "=", "customer.subscription.updated")
      .execute();
    expect(handled).toHaveLength(3);
  });

  it("refuses a canceled gift with a 409", async () => {
    const gift = await givingMonthly();
    await callApi(cancelApi.action, "/api/donations/cancel-subscription", {
      method: "POST",
      body: { subscription_id: gift.stripe_subscription_id },
      headers: auth,
    });
    expect(await act("resume", gift.id)).toMatchObject({ status: 409 });
    expect(await act("change", gift.id, { amount: 5 })).toMatchObject({ status: 409 });
  });
});
