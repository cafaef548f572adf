import { describe, expect, it } from "vitest";
import * as settingsScreen from "~/content/settings/routes/admin-settings";
import * as donationStats from "~/giving/gifts/routes/api-donation-stats";
import * as settingApi from "~/content/settings/routes/api-setting";
import * as settingsApi from "~/content/settings/routes/api-settings";
import * as home from "~/content/homepage/routes/home";
import { ensureDefaultSettings } from "~/content/settings/server/settings.server";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, unwrapData } from "../../../../tests/support/routes";

/**
 * Writes to Total Raised from the API and the settings screen: a client saving back what it
 * read, rows deleted and created again, a restart. Whatever the order, the homepage shows
 * the books unless staff typed a figure, and the API reads what the homepage shows.
 */
type HomeData = { page: { figures: { total_raised: number } } | null };

const homeTotalRaised = async () => ((await callRoute(home.loader, "/")) as HomeData).page?.figures.total_raised;
const statsTotalRaised = async () =>
  (await callApi(donationStats.loader, "/api/donations/stats")).body.total_raised as number;
const read = async (key: string) =>
  (await callApi(settingApi.loader, `/api/settings/${key}`, { params: { key } })).body as {
    value: string;
    description: string;
  };

async function put(key: string, body: Record<string, unknown>) {
  const { auth } = await createTestAdmin();
  return callApi(settingApi.action, `/api/settings/${key}`, { method: "PUT", params: { key }, headers: auth, body });
}

async function remove(key: string) {
  const { auth } = await createTestAdmin();
  return callApi(settingApi.action, `/api/settings/${key}`, { method: "DELETE", params: { key }, headers: auth });
}

async function create(body: Record<string, unknown>) {
  const { auth } = await createTestAdmin();
  return callApi(settingsApi.action, "/api/settings/", { method: "POST", headers: auth, body });
}

/** The settings screen's Total Raised form, as a browser posts it: the status it answers. */
async function postForm(form: Record<string, string>) {
  return unwrapData(
    await callRoute(settingsScreen.action, "/admin/settings", {
      form: { key: "total_raised", description: "", ...form },
    }),
  );
}

describe("a client saving back the Total Raised it read", () => {
  it("leaves the books in charge though a gift came in between, and types any figure the books never showed", async () => {
    // A gift of last spring: the books showed $1,000 all day yesterday.
    await recordOfflineGift(
      { name: "Amina", amount: 1000, purpose: "Zakat", payment_method: "cash", donated_at: "2026-03-15" },
      "staff.member",
    );
    const figureRead = (await read("total_raised")).value;
    expect(figureRead).toBe("1000");

    await recordOfflineGift(
      { name: "Bilal", amount: 50, purpose: "Orphan Care", payment_method: "cash" },
      "staff.member",
    );
    const saved = await put("total_raised", { value: figureRead, description: "Raised since we began" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ value: "1050", description: "Raised since we began" });
    expect((await read("total_raised_source")).value).toBe("books");
    expect(await homeTotalRaised()).toBe(1050);
    expect(await statsTotalRaised()).toBe(1050);
    await recordOfflineGift(
      { name: "Chiara", amount: 25, purpose: "Orphan Care", payment_method: "cash" },
      "staff.member",
    );
    expect(await homeTotalRaised()).toBe(1075);

    // Below what the books showed a day ago: a figure staff chose.
    expect((await put("total_raised", { value: "999", description: "" })).body).toMatchObject({ value: "999" });
    expect((await read("total_raised_source")).value).toBe("typed");
    expect(await homeTotalRaised()).toBe(999);

    await put("total_raised_source", { value: "books" });
    expect(await homeTotalRaised()).toBe(1075);
    // Above what the books show now: typed too.
    expect((await put("total_raised", { value: "875000", description: "" })).body).toMatchObject({ value: "875000" });
    expect((await read("total_raised_source")).value).toBe("typed");
    expect(await statsTotalRaised()).toBe(875000);
    await put("total_raised_source", { value: "books" });
  });
});

describe("Total Raised's rows deleted and created again", () => {
  it("takes the books again after a restart when total_raised_source was deleted, whatever figure was typed", async () => {
    await put("total_raised", { value: "875000", description: "" });
    await put("total_raised_source", { value: "books" });
    expect((await remove("total_raised_source")).status).toBe(204);

    await ensureDefaultSettings();
    expect((await read("total_raised_source")).value).toBe("books");
    expect(await homeTotalRaised()).toBe(1075);
  });

  it("writes a figure typed on the settings screen though its row was deleted", async () => {
    expect((await remove("total_raised")).status).toBe(204);
    expect((await postForm({ source: "typed", value: "12345" })).status).toBe(302);
    expect(await homeTotalRaised()).toBe(12345);
    expect((await read("total_raised")).value).toBe("12345");
    expect((await read("total_raised_source")).value).toBe("typed");
  });

  it("answers POST /api/settings/ with what GET then shows: creating total_raised with a figure types it", async () => {
    await put("total_raised_source", { value: "books" });
    expect((await remove("total_raised")).status).toBe(204);
    const created = await create({ key: "total_raised", value: "500", description: "Typed by our client" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: "total_raised", value: "500", description: "Typed by our client" });
    expect((await read("total_raised")).value).toBe("500");
    expect((await read("total_raised_source")).value).toBe("typed");
    expect(await homeTotalRaised()).toBe(500);

    // Created while the books are in charge, total_raised_source reads as stored, and total_raised follows it.
    expect((await remove("total_raised_source")).status).toBe(204);
    const source = await create({ key: "total_raised_source", value: "books" });
    expect(source.body).toMatchObject({ key: "total_raised_source", value: "books" });
    expect((await read("total_raised")).value).toBe("1075");
  });
});

describe("the settings screen's Total Raised form, choosing the books", () => {
  it("neither checks nor writes the typed figure left in its hidden box", async () => {
    await postForm({ source: "typed", value: "4321" });
    const books = await postForm({ source: "books", value: "-5" });
    expect(books.status).toBe(302);
    expect(await homeTotalRaised()).toBe(1075);

    expect((await postForm({ source: "books", value: "99" })).status).toBe(302);
    // The figure staff last typed is kept for when they choose it again.
    await put("total_raised_source", { value: "typed" });
    expect(await homeTotalRaised()).toBe(4321);
  });
});
