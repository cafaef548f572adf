import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { proposedFirstNight } from "~/giving/ramadan-nights/rules/ramadan-nights";
import { todayIn } from "~/shared/dates";
import { addDays } from "~/shared/hijri";
import { resetEnvCache } from "~/lib/env.server";
import * as collection from "~/content/settings/routes/api-settings";
import * as single from "~/content/settings/routes/api-setting";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";

let auth: Record<string, string>;
beforeAll(async () => {
  ({ auth } = await createTestAdmin());
});

const KEYS = [
  "meals_provided",
  "families_supported",
  "orphans_cared_for",
  "total_raised",
  "hero_video",
  "program_image_1",
  "program_image_2",
  "program_image_3",
  "gallery_item_1",
  "gallery_item_2",
  "gallery_item_3",
  "gallery_item_4",
  "gallery_item_5",
  "gallery_item_6",
  "card_fee_percent",
  "card_fee_fixed",
  "emergency_appeal",
  "ramadan_first_night",
  "ramadan_charge_hour",
  "total_raised_source",
  "disbursement_approval_threshold",
  "require_two_factor",
];

describe("GET /api/settings/ (public)", () => {
  it("lists all twenty-two settings (the brief's fourteen, giving's five, where Total Raised comes from, the approval threshold, whether staff need two-factor) with the spec's fields, values as strings", async () => {
    const { status, body } = await callApi(collection.loader, "/api/settings/");
    expect(status).toBe(200);
    expect(body.map((s: { key: string }) => s.key)).toEqual(KEYS);
    for (const setting of body) {
      expect(Object.keys(setting).sort()).toEqual(["description", "id", "key", "updated_at", "value"]);
      expect(typeof setting.value).toBe("string");
    }
  });

  it("ignores an invalid or expired bearer token on a public endpoint", async () => {
    const { status } = await callApi(collection.loader, "/api/settings/", {
      headers: { Authorization: "Bearer stale" },
    });
    expect(status).toBe(200);
  });

  it("answers one setting, and 404 with {detail} for an unknown key", async () => {
    const found = await callApi(single.loader, "/api/settings/total_raised", { params: { key: "total_raised" } });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ key: "total_raised", value: "0" });
    const missing = await callApi(single.loader, "/api/settings/nope", { params: { key: "nope" } });
    expect(missing).toMatchObject({ status: 404, body: { detail: "Setting 'nope' not found" } });
  });
});

describe("PUT /api/settings/{key} (admin)", () => {
  const put = (key: string, body: unknown, headers?: Record<string, string>) =>
    callApi(single.action, `/api/settings/${key}`, { method: "PUT", body, headers, params: { key } });

  it("refuses anonymous and invalid-token callers with 401", async () => {
    expect((await put("meals_provided", { value: "5" })).status).toBe(401);
    const stale = await put("meals_provided", { value: "5" }, { Authorization: "Bearer not-a-token" });
    expect(stale).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
  });

  it("stores a numeric value sent as a string or a number", async () => {
    const asString = await put("meals_provided", { value: "31855", description: "Meals this year" }, auth);
    expect(asString).toMatchObject({
      status: 200,
      body: { key: "meals_provided", value: "31855", description: "Meals this year" },
    });
    const asNumber = await put("total_raised", { value: 125000.5 }, auth);
    expect(asNumber.body.value).toBe("125000.5");
    const reread = await callApi(single.loader, "/api/settings/meals_provided", { params: { key: "meals_provided" } });
    expect(reread.body.value).toBe("31855");
  });

  it("answers 422 for a non-numeric statistic and keeps the stored value", async () => {
    await put("orphans_cared_for", { value: "450" }, auth);
    const rejected = await put("orphans_cared_for", { value: "lots" }, auth);
    expect(rejected.status).toBe(422);
    expect(rejected.body.detail).toMatch(/Value must be a number/);
    const reread = await callApi(single.loader, "/api/settings/orphans_cared_for", {
      params: { key: "orphans_cared_for" },
    });
    expect(reread.body.value).toBe("450");
  });

  it("keeps the description when only a value is sent", async () => {
    await put("families_supported", { value: "10", description: "Families we help" }, auth);
    const valueOnly = await put("families_supported", { value: "11" }, auth);
    expect(valueOnly.body).toMatchObject({ value: "11", description: "Families we help" });
  });

  it("checks media values against the slot's URL rule", async () => {
    const script = await put("hero_video", { value: "javascript:alert(document.cookie)" }, auth);
    expect(script).toMatchObject({
      status: 422,
      body: { detail: "value: Please enter a valid video URL (YouTube, Vimeo, or direct video file)" },
    });
    const video = await put("hero_video", { value: "https://www.youtube.com/watch?v=abc" }, auth);
    expect(video.body.value).toBe("https://www.youtube.com/watch?v=abc");
    const cleared = await put("hero_video", { value: "" }, auth);
    expect(cleared.body.value).toBe("");
    expect((await put("gallery_item_1", { value: "not a url at all" }, auth)).status).toBe(422);
  });

  it("answers 404 for an unknown key, whatever the body, and 400 for a body that is not JSON", async () => {
    expect((await put("unknown_key", { value: "1" }, auth)).status).toBe(404);
    expect((await put("unknown_key", { value: ["not", "valid"] }, auth)).status).toBe(404);
    const garbled = await callApi(single.action, "/api/settings/meals_provided", {
      method: "PUT",
      body: "{not json",
      headers: auth,
      params: { key: "meals_provided" },
    });
    expect(garbled).toMatchObject({ status: 400, body: { detail: "Request body must be valid JSON" } });
  });

  it("accepts a bearer-token write from another origin (browsers never attach tokens by themselves)", async () => {
    const fromElsewhere = await put("families_supported", { value: "7" }, { ...auth, Origin: "https://evil.example" });
    expect(fromElsewhere.status).toBe(200);
  });
});

describe("POST and DELETE /api/settings (admin)", () => {
  it("creates a setting, refuses a duplicate, deletes it, then 404s", async () => {
    const created = await callApi(collection.action, "/api/settings/", {
      body: { key: "volunteer_hours", value: "1200", description: "Hours given" },
      headers: auth,
    });
    expect(created).toMatchObject({ status: 201, body: { key: "volunteer_hours", value: "1200" } });

    const duplicate = await callApi(collection.action, "/api/settings/", {
      body: { key: "volunteer_hours", value: "1" },
      headers: auth,
    });
    expect(duplicate).toMatchObject({ status: 409, body: { detail: "Setting 'volunteer_hours' already exists" } });

    const removed = await callRoute204("volunteer_hours");
    expect(removed).toBe(204);
    expect(
      (await callApi(single.loader, "/api/settings/volunteer_hours", { params: { key: "volunteer_hours" } })).status,
    ).toBe(404);
    expect(await callRoute204("volunteer_hours")).toBe(404);
  });

  it("validates a new statistic and a new key", async () => {
    const badValue = await callApi(collection.action, "/api/settings/", {
      body: { key: "meals_provided", value: "x" },
      headers: auth,
    });
    expect(badValue.status).toBe(422);
    const badKey = await callApi(collection.action, "/api/settings/", {
      body: { key: "Not A Key", value: "x" },
      headers: auth,
    });
    expect(badKey).toMatchObject({
      status: 422,
      body: { detail: "key: Key must be lower-case letters, digits and underscores" },
    });
  });

  it("refuses anonymous creation and deletion", async () => {
    expect((await callApi(collection.action, "/api/settings/", { body: { key: "x_y", value: "1" } })).status).toBe(401);
    const del = await callApi(single.action, "/api/settings/hero_video", {
      method: "DELETE",
      params: { key: "hero_video" },
    });
    expect(del.status).toBe(401);
  });

  it("answers 405 with Allow for a method the resource does not have", async () => {
    const patched = await callApi(collection.action, "/api/settings/", { method: "PATCH", headers: auth });
    expect(patched.status).toBe(405);
    expect(patched.headers.get("Allow")).toBe("GET, POST");
    expect(patched.body).toEqual({ detail: "Method not allowed" });
  });

  async function callRoute204(key: string) {
    const { status } = await callApi(single.action, `/api/settings/${key}`, {
      method: "DELETE",
      headers: auth,
      params: { key },
    }).catch(() => ({ status: 0 }));
    return status;
  }
});

describe("PUT /api/settings/ramadan_first_night out of season (a rehearsal)", () => {
  const put = (value: string) =>
    callApi(single.action, "/api/settings/ramadan_first_night", {
      method: "PUT",
      body: { value },
      headers: auth,
      params: { key: "ramadan_first_night" },
    });
  const stored = async () =>
    (await callApi(single.loader, "/api/settings/ramadan_first_night", { params: { key: "ramadan_first_night" } })).body
      .value;
  // Two months from the calculated evening of Ramadan 1448: never a sighting's few days.
  const outOfSeason = addDays(proposedFirstNight(1448), -60);
  // A rehearsal's first night: twenty evenings ago makes tonight the 21st night, in any season.
  const rehearsed = addDays(todayIn("UTC"), -20);
  const withKeys = (secret: string) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    Object.assign(process.env, { STRIPE_SECRET_KEY: secret, STRIPE_WEBHOOK_SECRET: "whsec_rehearsal" });
    resetEnvCache();
  };
  afterEach(async () => {
    Object.assign(process.env, { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    resetEnvCache();
    vi.restoreAllMocks();
    await put("");
  });

  it("takes a first night out of season with Stripe test keys, where no money moves, and stores it", async () => {
    withKeys("sk_test_rehearsal");
    expect(await put(rehearsed)).toMatchObject({ status: 200, body: { key: "ramadan_first_night", value: rehearsed } });
    expect(await stored()).toBe(rehearsed);
  });

  it("takes a first night out of season in the sandbox, up to a year ahead", async () => {
    expect(await put(rehearsed)).toMatchObject({ status: 200, body: { value: rehearsed } });
    const nextYear = addDays(todayIn("UTC"), 300);
    expect(await put(nextYear)).toMatchObject({ status: 200, body: { value: nextYear } });
  });

  it("refuses in test mode too a first night whose nights are over, or more than a year ahead, and says what it takes", async () => {
    withKeys("sk_test_rehearsal");
    for (const value of ["1990-01-01", addDays(todayIn("UTC"), -30), addDays(todayIn("UTC"), 400)]) {
      const refused = await put(value);
      expect(refused).toMatchObject({
        status: 422,
        body: { detail: expect.stringContaining("In test mode, give an evening from 29 evenings ago to a year ahead") },
      });
    }
    expect(await stored()).toBe("");
  });

  it("refuses it with live keys, with 422 and why, and keeps the stored value", async () => {
    withKeys("sk_live_rehearsal");
    const refused = await put(outOfSeason);
    expect(refused).toMatchObject({
      status: 422,
      body: { detail: expect.stringContaining("The first night must be within a few days of the calculated evening") },
    });
    expect(await stored()).toBe("");
  });
});
