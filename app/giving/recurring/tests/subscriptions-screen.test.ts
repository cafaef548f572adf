import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as subscriptionsScreen from "~/giving/recurring/routes/admin-subscriptions";
import { clearGiving, subscriptionRows } from "../../../../tests/support/giving-records";
import { callRoute, expectLoggedError, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { newRecurringGift } from "../../../../tests/support/builders";

/** The Subscriptions screen as staff use it: the figures, the list, cancelling, and syncing statuses. */
type SubscriptionsData = Awaited<ReturnType<typeof subscriptionsScreen.loader>>;

beforeEach(clearGiving);

/** The figure of a summary card, by its test id. */
function statCard(html: string, testId: string): string | undefined {
  return new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

describe("the Subscriptions screen", () => {
  it("sums active monthly gifts and a twelfth of active yearly ones, and counts every status", async () => {
    await newRecurringGift("sub_a", { status: "active", interval: "month", amount_cents: 5000 });
    await newRecurringGift("sub_b", { status: "active", interval: "year", amount_cents: 60000 });
    await newRecurringGift("sub_c", { status: "past_due", interval: "month", amount_cents: 9900 });
    await newRecurringGift("sub_d", { status: "canceled", interval: "month", amount_cents: 1000 });
    await newRecurringGift("sub_e", { status: "incomplete", interval: "month", amount_cents: 1000 });
    const data = (await callRoute(
      subscriptionsScreen.loader,
      "/admin/subscriptions?cancel=sub_a",
    )) as SubscriptionsData;
    expect(data.summary).toEqual({
      total: 5,
      active: 2,
      monthlyRevenue: 100,
      paused: 0,
      byStatus: { active: 2, past_due: 1, canceled: 1, incomplete: 1 },
    });
    expect(data.confirming).toBe("sub_a");
    expect(data.subscriptions).toHaveLength(5);
  });

  it("shows a paused gift as paused, counted apart from the active ones and out of the monthly revenue, with the charge it resumes with as its next payment", async () => {
    await newRecurringGift("sub_running", {
      status: "active",
      interval: "month",
      amount_cents: 5000,
      next_payment_date: "2026-12-01T12:00:00.000Z",
    });
    // Paused for two charges: the provider still reports Dec 1 as its next date, but collects again from the Feb 1
    // charge.
    await newRecurringGift("sub_paused", {
      status: "active",
      interval: "month",
      amount_cents: 7000,
      next_payment_date: "2026-12-01T12:00:00.000Z",
      resumes_at: "2027-01-31T12:00:00.000Z",
    });
    const data = (await callRoute(subscriptionsScreen.loader, "/admin/subscriptions")) as SubscriptionsData;
    expect(data.summary).toEqual({
      total: 2,
      active: 1,
      monthlyRevenue: 50,
      paused: 1,
      byStatus: { active: 1, paused: 1 },
    });
    const html = await screenHtml(subscriptionsScreen as never, "/admin/subscriptions");
    expect(statCard(html, "subscriptions-active")).toBe("1");
    expect(statCard(html, "subscriptions-paused")).toBe("1");
    const text = await screenText(subscriptionsScreen as never, "/admin/subscriptions");
    expect(text).toContain("Active monthly gifts, plus a twelfth of active yearly ones; 1 paused left out");
    // Its badge says paused (never active); its next payment is the charge it resumes with.
    expect(text).toMatch(
      /Donor sub_paused sub_paused@example\.org \$70 Zakat Monthly, on the 1st paused Feb 1, 2027 resumes after the pause/,
    );
    expect(text).toMatch(
      /Donor sub_running sub_running@example\.org \$50 Zakat Monthly, on the 1st active Dec 1, 2026/,
    );
  });

  it("shows the last page there is when the address asks past the end", async () => {
    for (let index = 0; index < 27; index += 1) {
      await newRecurringGift(`sub_${index}`, { status: "active", interval: "month", amount_cents: 1000 });
    }
    const past = (await callRoute(subscriptionsScreen.loader, "/admin/subscriptions?page=5")) as SubscriptionsData;
    expect(past).toMatchObject({ page: 2, total: 27 });
    expect(past.subscriptions).toHaveLength(2);
  });

  it("refuses a cancel naming nothing as the other forms do (400), and one already canceled with 409", async () => {
    await newRecurringGift("sub_over", { status: "canceled", interval: "month", amount_cents: 5000 });
    const cancel = async (form: Record<string, string>) =>
      unwrapData(
        await callRoute(subscriptionsScreen.action, "/admin/subscriptions", { form: { intent: "cancel", ...form } }),
      );
    expect(await cancel({})).toMatchObject({
      status: 400,
      data: { ok: false, message: "subscription_id: Give the card provider's subscription id" },
    });
    expect(await cancel({ subscription_id: "sub_nowhere" })).toMatchObject({
      status: 404,
      data: { ok: false, message: "Subscription not found" },
    });
    expect(await cancel({ subscription_id: "sub_over" })).toMatchObject({
      status: 409,
      data: { ok: false, message: "This recurring gift has ended already; it is canceled" },
    });
  });

  it("announces a cancel only for a subscription that is canceled", async () => {
    await newRecurringGift("sub_still_active", { status: "active", interval: "month", amount_cents: 5000 });
    await newRecurringGift("sub_done", { status: "canceled", interval: "month", amount_cents: 5000 });
    const active = (await callRoute(
      subscriptionsScreen.loader,
      "/admin/subscriptions?canceled=sub_still_active",
    )) as SubscriptionsData;
    expect(active.canceledNotice).toBeNull();
    const done = (await callRoute(
      subscriptionsScreen.loader,
      "/admin/subscriptions?canceled=sub_done",
    )) as SubscriptionsData;
    expect(done.canceledNotice).toBe("Subscription of Donor sub_done canceled. No further payments will be taken.");
  });

  it("reports a cancel the provider cannot do, and changes nothing here", async () => {
    // In sandbox mode the simulated provider has never heard of this subscription.
    await newRecurringGift("sub_unknown_to_provider", { status: "active", interval: "month", amount_cents: 5000 });
    const answer = unwrapData(
      await callRoute(subscriptionsScreen.action, "/admin/subscriptions", {
        form: { intent: "cancel", subscription_id: "sub_unknown_to_provider" },
      }),
    );
    expect(answer).toMatchObject({ status: 502, data: { ok: false, message: "Failed to cancel subscription" } });
    expectLoggedError(/Cancel failed: No such subscription/);
    expect((await subscriptionRows())[0]!.status).toBe("active");
  });

  it("lets an error reading the subscriptions reach the error boundary, as every screen does, not an empty list", async () => {
    const db = getDb();
    await sql`alter table subscriptions rename to subscriptions_away`.execute(db);
    try {
      const thrown = await callRoute(subscriptionsScreen.loader, "/admin/subscriptions");
      expect(thrown).toBeInstanceOf(Error);
      expect(String(thrown)).toMatch(/subscriptions/);
    } finally {
      await sql`alter table subscriptions_away rename to subscriptions`.execute(db);
    }
  });

  it("Update Status reports how many statuses changed", async () => {
    const answer = unwrapData(
      await callRoute(subscriptionsScreen.action, "/admin/subscriptions", { form: { intent: "refresh" } }),
    );
    expect(answer.data).toEqual({ ok: true, message: "Updated 0 subscription statuses" });
  });
});
