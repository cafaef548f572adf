import { describe, expect, it } from "vitest";
import * as about from "~/content/homepage/routes/about";
import * as settingsScreen from "~/content/settings/routes/admin-settings";
import * as dashboardScreen from "~/staff/dashboard/routes/admin-dashboard";
import * as donationStats from "~/giving/gifts/routes/api-donation-stats";
import * as settingApi from "~/content/settings/routes/api-setting";
import * as settingsApi from "~/content/settings/routes/api-settings";
import * as transparencyApi from "~/funds/transparency/routes/api-transparency";
import * as home from "~/content/homepage/routes/home";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import { newGift } from "../../../../tests/support/builders";

/**
 * The homepage's Total Raised: by default what the transparency report shows as received
 * (test money left out), so the two pages never disagree; a typed figure only when staff
 * choose one, and staff told when it differs from the books.
 */
type HomeData = { page: { figures: { total_raised: number } } | null };

async function booksReceived(): Promise<number> {
  const { body } = await callApi(transparencyApi.loader, "/api/transparency");
  const cents = (body.funds as { received: number }[]).reduce(
    (total, fund) => total + Math.round(fund.received * 100),
    0,
  );
  return cents / 100;
}

async function homeTotalRaised(): Promise<number | undefined> {
  const data = (await callRoute(home.loader, "/")) as HomeData;
  return data.page?.figures.total_raised;
}

async function apiTotalRaised(): Promise<number> {
  return (await callApi(donationStats.loader, "/api/donations/stats")).body.total_raised;
}

/** The settings screen's form posted as a browser sends it: the status it answers. */
async function postSettings(form: Record<string, string>): Promise<number> {
  return unwrapData(await callRoute(settingsScreen.action, "/admin/settings", { form })).status;
}

describe("Total Raised on a new site", () => {
  it("is the transparency report's received, test money left out, on the homepage, About and the stats API", async () => {
    await recordOfflineGift(
      { name: "Amina", amount: 1200.5, purpose: "Zakat", payment_method: "cash" },
      "staff.member",
    );
    await recordOfflineGift(
      { name: "Bilal", amount: 300, purpose: "Orphan Care", payment_method: "cash" },
      "staff.member",
    );
    await newGift({
      name: "Sandbox Tester",
      email: "",
      amount_cents: 9_999_900,
      frequency: "One-Time",
      purpose: "Zakat",
      is_test: 1,
    });

    const received = await booksReceived();
    expect(received).toBe(1500.5);
    expect(await homeTotalRaised()).toBe(received);
    expect(await apiTotalRaised()).toBe(received);
    expect((await callRoute(about.loader, "/about")) as { figures: { total_raised: number } }).toMatchObject({
      figures: { total_raised: received },
    });
  });

  it("keeps the settings' shape: total_raised reads the figure the site shows, and where it comes from is a setting of its own", async () => {
    const received = await booksReceived();
    const one = await callApi(settingApi.loader, "/api/settings/total_raised", { params: { key: "total_raised" } });
    expect(one.body).toEqual({
      id: expect.any(Number),
      key: "total_raised",
      value: String(received),
      description: expect.any(String),
      updated_at: expect.any(String),
    });
    const source = await callApi(settingApi.loader, "/api/settings/total_raised_source", {
      params: { key: "total_raised_source" },
    });
    expect(source.body).toMatchObject({ key: "total_raised_source", value: "books" });
    const all = (await callApi(settingsApi.loader, "/api/settings/")).body as { key: string; value: string }[];
    expect(all.find((setting) => setting.key === "total_raised")?.value).toBe(String(received));
  });

  it("shows a typed figure only once staff type one, and the books again when they choose the books", async () => {
    const { auth } = await createTestAdmin();
    const received = await booksReceived();
    // The spec's client saving the figure it read (a description changed) leaves the books in charge.
    const same = await callApi(settingApi.action, "/api/settings/total_raised", {
      method: "PUT",
      params: { key: "total_raised" },
      headers: auth,
      body: { value: String(received), description: "From the books" },
    });
    expect(same.status).toBe(200);
    expect(await apiTotalRaised()).toBe(received);

    const typed = await callApi(settingApi.action, "/api/settings/total_raised", {
      method: "PUT",
      params: { key: "total_raised" },
      headers: auth,
      body: { value: 875000, description: "" },
    });
    expect(typed.body).toMatchObject({ key: "total_raised", value: "875000" });
    expect(await homeTotalRaised()).toBe(875000);
    expect(await apiTotalRaised()).toBe(875000);
    expect(
      (
        await callApi(settingApi.loader, "/api/settings/total_raised_source", {
          params: { key: "total_raised_source" },
        })
      ).body,
    ).toMatchObject({ value: "typed" });

    const books = await callApi(settingApi.action, "/api/settings/total_raised_source", {
      method: "PUT",
      params: { key: "total_raised_source" },
      headers: auth,
      body: { value: "books" },
    });
    expect(books.status).toBe(200);
    expect(await homeTotalRaised()).toBe(received);
    const wrong = await callApi(settingApi.action, "/api/settings/total_raised_source", {
      method: "PUT",
      params: { key: "total_raised_source" },
      headers: auth,
      body: { value: "guess" },
    });
    expect(wrong.status).toBe(422);
  });

  it("lets staff choose on the settings screen, saying what the books show beside a typed figure", async () => {
    const received = await booksReceived();
    expect(await screenText(settingsScreen as never, "/admin/settings")).toContain("From the books");

    expect(await postSettings({ key: "total_raised", source: "typed", value: "$875,000", description: "" })).toBe(302);
    expect(await homeTotalRaised()).toBe(875000);
    const screen = await screenText(settingsScreen as never, "/admin/settings");
    expect(screen).toContain("A figure typed by staff");
    expect(screen).toContain(
      `The transparency report shows $${received.toLocaleString("en-US", { minimumFractionDigits: 2 })} received`,
    );
    expect(await screenText(dashboardScreen as never, "/admin")).toMatch(
      /Total Raised on the homepage is a typed figure, \$875,000; the transparency report shows \$1,500\.50 received\. Change it in Settings/,
    );

    // A typed figure needs its value; the books need none.
    expect(await postSettings({ key: "total_raised", source: "typed", value: "", description: "" })).toBe(400);

    expect(await postSettings({ key: "total_raised", source: "books", value: "", description: "" })).toBe(302);
    expect(await homeTotalRaised()).toBe(received);
    expect(await screenText(dashboardScreen as never, "/admin")).not.toContain(
      "Total Raised on the homepage is a typed figure",
    );
  });
});
