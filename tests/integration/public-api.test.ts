import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as donationStats from "~/giving/gifts/routes/api-donation-stats";
import * as notFound from "~/content/public-layout/routes/api-not-found";
import * as stories from "~/content/stories/routes/api-stories";
import { updateSetting } from "~/content/settings/server/settings.server";
import { createTestAdmin } from "../support/admins";
import { callApi } from "../support/routes";

beforeAll(async () => {
  const db = getDb();
  await db
    .insertInto("stories")
    .values([
      {
        title: "Old active",
        summary: "s",
        content: "c",
        is_active: 1,
        is_featured: 0,
        created_at: "2026-01-01T00:00:00.000Z",
      },
      {
        title: "Featured",
        summary: "s",
        content: "c",
        is_active: 1,
        is_featured: 1,
        created_at: "2026-02-01T00:00:00.000Z",
      },
      {
        title: "Hidden",
        summary: "s",
        content: "c",
        is_active: 0,
        is_featured: 1,
        created_at: "2026-03-01T00:00:00.000Z",
      },
    ])
    .execute();
  await db
    .insertInto("donations")
    .values([
      { name: "A", email: "a@example.org", amount_cents: 2550, frequency: "One-Time" },
      { name: "A again", email: "A@example.org", amount_cents: 10000, frequency: "Monthly" },
      { name: "B", email: "b@example.org", amount_cents: 100, frequency: "Ramadan" },
    ])
    .execute();
});

describe("GET /api/stories/", () => {
  it("lists active stories newest first with boolean flags and no nulls, whatever the public asks", async () => {
    const { status, body } = await callApi(stories.loader, "/api/stories/?active_only=false");
    expect(status).toBe(200);
    expect(body.map((s: { title: string }) => s.title)).toEqual(["Featured", "Old active"]);
    expect(body[0]).toMatchObject({ is_active: true, is_featured: true, video_url: "", image_filename: "" });
  });

  it("lists every story for an admin, filters with active_only and featured_only, and pages with limit/offset", async () => {
    const { auth } = await createTestAdmin();
    const all = await callApi(stories.loader, "/api/stories/?active_only=false&featured_only=false", { headers: auth });
    expect(all.body.map((s: { title: string }) => s.title)).toEqual(["Hidden", "Featured", "Old active"]);
    expect(all.body[0]).toMatchObject({ is_active: false });
    const home = await callApi(stories.loader, "/api/stories/?active_only=true&featured_only=true", { headers: auth });
    expect(home.body.map((s: { title: string }) => s.title)).toEqual(["Featured"]);
    const page = await callApi(stories.loader, "/api/stories/?limit=1&offset=1", { headers: auth });
    expect(page.body.map((s: { title: string }) => s.title)).toEqual(["Featured"]);
  });

  it("answers 422 for a flag that is not true or false", async () => {
    const bad = await callApi(stories.loader, "/api/stories/?active_only=maybe");
    expect(bad).toMatchObject({ status: 422, body: { detail: "active_only must be true or false" } });
    expect((await callApi(stories.loader, "/api/stories/?limit=-1")).status).toBe(422);
  });
});

describe("GET /api/donations/stats", () => {
  it("combines the impact settings with donation totals in dollars", async () => {
    await updateSetting("meals_provided", { value: "1200" });
    await updateSetting("total_raised", { value: "5000.5" });
    const { status, body } = await callApi(donationStats.loader, "/api/donations/stats");
    expect(status).toBe(200);
    expect(body).toEqual({
      impact: { meals: 1200, families: 0, orphans: 0 },
      total_raised: 5000.5,
      total_donations: 126.5,
      total_donors: 2,
    });
  });
});

describe("unknown API paths", () => {
  it("answer JSON 404", async () => {
    expect(await callApi(notFound.loader, "/api/nothing-here")).toMatchObject({
      status: 404,
      body: { detail: "Not Found" },
    });
  });
});
