import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import * as donationsApi from "~/giving/gifts/routes/api-donations";
import * as statsApi from "~/giving/gifts/routes/api-donation-stats";
import * as subscriptionsApi from "~/giving/recurring/routes/api-subscriptions";
import * as cancelApi from "~/giving/recurring/routes/api-cancel-subscription";
import * as syncApi from "~/giving/provider/routes/api-sync-provider";
import * as refreshApi from "~/giving/recurring/routes/api-refresh-subscriptions";
import * as dashboardApi from "~/staff/dashboard/routes/api-admin-dashboard";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving } from "../../../../tests/support/giving-records";
import { callApi } from "../../../../tests/support/routes";
import { fundId, newGift, newRecurringGift } from "../../../../tests/support/builders";

let auth: Record<string, string>;
beforeAll(async () => {
  auth = (await createTestAdmin()).auth;
});

async function seedGifts() {
  const subscriptionId = await newRecurringGift("sub_1", {
    name: "Omar",
    email: "omar@example.org",
    amount_cents: 3000,
    purpose: "Education",
    interval: "month",
    status: "active",
    next_payment_date: "2026-12-01T00:00:00.000Z",
  });
  await newGift({
    name: "Aisha Khan",
    email: "aisha@example.org",
    amount_cents: 2550,
    donated_at: "2026-01-01T10:00:00.000Z",
  });
  await newGift({
    name: "Omar",
    email: "omar@example.org",
    amount_cents: 3000,
    frequency: "Monthly",
    donated_at: "2026-02-01T10:00:00.000Z",
    subscription_id: subscriptionId,
  });
  await newGift({
    name: "AISHA KHAN",
    email: "Aisha@Example.org",
    amount_cents: 10000,
    donated_at: "2026-03-01T10:00:00.000Z",
  });
  await newGift({
    name: "Masjid 100% collection",
    amount_cents: 50000,
    frequency: "Ramadan",
    donated_at: "2026-03-20T10:00:00.000Z",
    payment_method: "cash",
  });
}

beforeEach(async () => {
  await clearGiving();
  await seedGifts();
});

describe("GET /api/donations/", () => {
  it("is for admins only", async () => {
    expect((await callApi(donationsApi.loader, "/api/donations/")).status).toBe(401);
    expect(
      (await callApi(donationsApi.loader, "/api/donations/", { headers: { Authorization: "Bearer expired" } })).status,
    ).toBe(401);
  });

  it("returns every gift, newest first, in the spec's shape with amounts in dollars", async () => {
    const { status, body } = await callApi(donationsApi.loader, "/api/donations/", { headers: auth });
    expect(status).toBe(200);
    expect(body.map((gift: { amount: number }) => gift.amount)).toEqual([500, 100, 30, 25.5]);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      name: "Masjid 100% collection",
      email: "",
      amount: 500,
      frequency: "Ramadan",
      purpose: "",
      // Beside the spec's fields: the fund the gift landed in, what it was for, and the donor's choices.
      fund: "Sadaqa",
      designation: "",
      appeal: "",
      appeal_id: null,
      fee_cover: 0,
      anonymous: false,
      tribute: "",
      donated_at: "2026-03-20T10:00:00.000Z",
      payment_method: "cash",
      subscription_id: null,
      is_test: false,
    });
  });

  it("pages, searches by name or email without regard to case, and filters by frequency", async () => {
    const page = await callApi(donationsApi.loader, "/api/donations/?limit=2&offset=1", { headers: auth });
    expect(page.body.map((gift: { amount: number }) => gift.amount)).toEqual([100, 30]);
    const search = await callApi(donationsApi.loader, "/api/donations/?search=aisha", { headers: auth });
    expect(search.body).toHaveLength(2);
    const percent = await callApi(donationsApi.loader, "/api/donations/?search=100%25", { headers: auth });
    expect(percent.body.map((gift: { name: string }) => gift.name)).toEqual(["Masjid 100% collection"]);
    const monthly = await callApi(donationsApi.loader, "/api/donations/?frequency=Monthly", { headers: auth });
    expect(monthly.body.map((gift: { name: string }) => gift.name)).toEqual(["Omar"]);
    const bad = await callApi(donationsApi.loader, "/api/donations/?frequency=Weekly", { headers: auth });
    expect(bad).toMatchObject({
      status: 422,
      body: { detail: "frequency must be one of One-Time, Monthly, Annually, Ramadan" },
    });
  });

  it("filters by fund (its id), whole or paged, and refuses a fund that is not one with 422", async () => {
    for (const [name, purpose, donated_at] of [
      ["Zaid", "Zakat", "2026-04-01T10:00:00.000Z"],
      ["Hafsa", "Zakat", "2026-04-02T10:00:00.000Z"],
      ["Yusuf", "Education", "2026-04-03T10:00:00.000Z"],
    ] as const) {
      await newGift({ name, amount_cents: 1000, purpose, donated_at });
    }
    const zakat = await fundId("zakat-al-mal");
    const whole = await callApi(donationsApi.loader, `/api/donations/?fund=${zakat}`, { headers: auth });
    expect(whole.status).toBe(200);
    expect(whole.body.map((gift: { name: string; fund: string }) => [gift.name, gift.fund])).toEqual([
      ["Hafsa", "Zakat al-Mal"],
      ["Zaid", "Zakat al-Mal"],
    ]);
    const paged = await callApi(donationsApi.loader, `/api/donations/?fund=${zakat}&limit=1&offset=1`, {
      headers: auth,
    });
    expect(paged.body.map((gift: { name: string }) => gift.name)).toEqual(["Zaid"]);
    const sadaqa = await callApi(donationsApi.loader, `/api/donations/?fund=${await fundId("sadaqa")}&search=aisha`, {
      headers: auth,
    });
    expect(sadaqa.body.map((gift: { amount: number }) => gift.amount)).toEqual([100, 25.5]);

    for (const fund of ["999999", "zakat", "1.5"]) {
      expect(await callApi(donationsApi.loader, `/api/donations/?fund=${fund}`, { headers: auth }), fund).toMatchObject(
        { status: 422, body: { detail: "fund must be a fund's id" } },
      );
    }
    expect(
      await callApi(donationsApi.loader, "/api/donations/?fund=none&frequency=Weekly", { headers: auth }),
    ).toMatchObject({
      status: 422,
      body: { detail: "frequency must be one of One-Time, Monthly, Annually, Ramadan; fund must be a fund's id" },
    });
  });
});

describe("POST /api/donations/", () => {
  it("records an offline gift, marked as such and by whom", async () => {
    const { admin, auth: ownAuth } = await createTestAdmin();
    const { status, body } = await callApi(donationsApi.action, "/api/donations/", {
      body: {
        name: "Cash at Friday prayer",
        amount: "120.50",
        frequency: "Ramadan",
        payment_method: "cash",
        donated_at: "2026-03-27",
      },
      headers: ownAuth,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: "Cash at Friday prayer",
      email: "",
      amount: 120.5,
      frequency: "Ramadan",
      payment_method: "cash",
      donated_at: "2026-03-27T12:00:00.000Z",
    });
    const row = await getDb()
      .selectFrom("donations")
      .select("recorded_by")
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(row.recorded_by).toBe(admin.username);
  });

  it("refuses invalid gifts with 422 and anonymous callers with 401", async () => {
    const invalid = await callApi(donationsApi.action, "/api/donations/", {
      body: { name: "", amount: -1, email: "x" },
      headers: auth,
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["amount", "email", "name"]);
    const future = await callApi(donationsApi.action, "/api/donations/", {
      body: { name: "A", amount: 5, donated_at: "2999-01-01" },
      headers: auth,
    });
    expect(future).toMatchObject({
      status: 422,
      body: { errors: { donated_at: ["The date cannot be in the future"] } },
    });
    expect((await callApi(donationsApi.action, "/api/donations/", { body: { name: "A", amount: 5 } })).status).toBe(
      401,
    );
  });
});

describe("GET /api/donations/stats and the dashboard", () => {
  it("count donors by email without regard to case, and gifts without an email by name", async () => {
    const stats = await callApi(statsApi.loader, "/api/donations/stats");
    expect(stats.body).toMatchObject({ total_donations: 655.5, total_donors: 3 });
    const dashboard = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: auth });
    expect(dashboard.body.donations).toEqual({
      total_amount: 655.5,
      total_donors: 3,
      top_donor: { name: "Masjid 100% collection", amount: 500 },
    });
    expect(dashboard.body.content.subscriptions).toBe(1);
  });

  it("stay exact as gifts are added, changed and removed", async () => {
    const db = getDb();
    await db.updateTable("donations").set({ amount_cents: 2000 }).where("amount_cents", "=", 2550).execute();
    await db.deleteFrom("donations").where("frequency", "=", "Monthly").execute();
    const stats = await callApi(statsApi.loader, "/api/donations/stats");
    expect(stats.body).toMatchObject({ total_donations: 620, total_donors: 2 });
  });
});

describe("test payments", () => {
  it("count while the site is in a test mode, and never once it takes real money", async () => {
    await newGift({ name: "Sandbox Sam", email: "sam@example.org", amount_cents: 99_900, is_test: 1 });
    const inTestMode = await callApi(statsApi.loader, "/api/donations/stats");
    expect(inTestMode.body).toMatchObject({ total_donations: 1654.5, total_donors: 4 });
    const shown = await callApi(donationsApi.loader, "/api/donations/?search=sandbox", { headers: auth });
    expect(shown.body).toMatchObject([{ name: "Sandbox Sam", is_test: true }]);

    Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_live_integration", STRIPE_WEBHOOK_SECRET: "whsec_live" });
    resetEnvCache();
    try {
      const live = await callApi(statsApi.loader, "/api/donations/stats");
      expect(live.body).toMatchObject({ total_donations: 655.5, total_donors: 3 });
      const dashboard = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: auth });
      expect(dashboard.body.donations.top_donor).toEqual({ name: "Masjid 100% collection", amount: 500 });
      const listed = await callApi(donationsApi.loader, "/api/donations/", { headers: auth });
      expect(listed.body.map((gift: { name: string }) => gift.name)).not.toContain("Sandbox Sam");
      const searched = await callApi(donationsApi.loader, "/api/donations/?search=sandbox&limit=10", { headers: auth });
      expect(searched.body).toEqual([]);
    } finally {
      Object.assign(process.env, { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
      resetEnvCache();
    }
  });
});

describe("GET /api/donations/subscriptions", () => {
  it("lists recurring gifts with the spec's field names, for admins only", async () => {
    expect((await callApi(subscriptionsApi.loader, "/api/donations/subscriptions")).status).toBe(401);
    const { body } = await callApi(subscriptionsApi.loader, "/api/donations/subscriptions", { headers: auth });
    expect(body).toEqual([
      {
        id: expect.any(Number),
        name: "Omar",
        email: "omar@example.org",
        amount: 30,
        purpose: "Education",
        interval: "month",
        payment_day: 1,
        payment_month: 1,
        status: "active",
        next_payment_date: "2026-12-01T00:00:00.000Z",
        created_at: expect.any(String),
        stripe_subscription_id: "sub_1",
        is_test: false,
        appeal: "",
        appeal_id: null,
        fee_cover: 0,
        anonymous: false,
        tribute: "",
        resumes_at: null,
        next_retry_at: null,
      },
    ]);
  });

  it("says a paused gift is paused, with the charge it resumes with as its next payment, and keeps the field names", async () => {
    // Paused for two charges: the provider still reports Dec 1, but collects again on Jan 31 for the Feb 1 charge.
    await newRecurringGift("sub_paused", {
      name: "Hana",
      email: "hana@example.org",
      amount_cents: 4000,
      interval: "month",
      status: "active",
      next_payment_date: "2026-12-01T00:00:00.000Z",
      resumes_at: "2027-01-31T00:00:00.000Z",
    });
    try {
      const { body } = await callApi(subscriptionsApi.loader, "/api/donations/subscriptions", { headers: auth });
      const paused = body.find(
        (gift: { stripe_subscription_id: string }) => gift.stripe_subscription_id === "sub_paused",
      );
      expect(Object.keys(paused).sort()).toEqual(
        Object.keys(
          body.find((gift: { stripe_subscription_id: string }) => gift.stripe_subscription_id === "sub_1"),
        ).sort(),
      );
      expect(paused).toMatchObject({
        status: "paused",
        next_payment_date: "2027-02-01T12:00:00.000Z",
        resumes_at: "2027-01-31T00:00:00.000Z",
      });
      expect(
        body.find((gift: { stripe_subscription_id: string }) => gift.stripe_subscription_id === "sub_1"),
      ).toMatchObject({ status: "active", next_payment_date: "2026-12-01T00:00:00.000Z" });
    } finally {
      await getDb().deleteFrom("subscriptions").where("stripe_subscription_id", "=", "sub_paused").execute();
    }
  });

  it("keeps the reconciliation endpoints for admins", async () => {
    for (const [route, path] of [
      [cancelApi, "/api/donations/cancel-subscription"],
      [syncApi, "/api/donations/sync-stripe-data"],
      [refreshApi, "/api/donations/update-subscription-status"],
    ] as const) {
      expect(
        (await callApi(route.action, path, { method: "POST", body: { subscription_id: "sub_1" } })).status,
        path,
      ).toBe(401);
    }
  });
});
