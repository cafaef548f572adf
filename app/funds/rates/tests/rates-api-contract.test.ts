import { beforeAll, describe, expect, it } from "vitest";
import * as ratesApi from "~/funds/rates/routes/api-rates";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";

/**
 * /api/rates/ as a client sees it: who may call what, the shapes and the refusals, and
 * that the public never learns which member of staff recorded a rate.
 */

let auth: Record<string, string>;
let staffName: string;
const expired = { Authorization: "Bearer expired-or-made-up" };

beforeAll(async () => {
  const staff = await createTestAdmin();
  auth = staff.auth;
  staffName = staff.admin.username;
});

/** The answers to bodies that are not a JSON object: a 400 {detail}, never a 500. */
const WRONG_BODIES: [kind: string, body: string, detail: string][] = [
  ["plain text", "amount=5", "Request body must be valid JSON"],
  ["malformed JSON", '{"name": "A"', "Request body must be valid JSON"],
  ["a JSON array", '[{"name": "A"}]', "Request body must be a JSON object"],
  ["a JSON string", '"A"', "Request body must be a JSON object"],
  ["JSON null", "null", "Request body must be a JSON object"],
];

describe("/api/rates/", () => {
  it("shows the register to anyone: every rate with its date, authority and note, the ones in force marked, naming no staff", async () => {
    const { status, body } = await callApi(ratesApi.loader, "/api/rates/", { headers: expired });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const fitr = body.find((rate: { rate_key: string }) => rate.rate_key === "fitr_per_person");
    expect(fitr).toEqual({
      id: expect.any(Number),
      rate_key: "fitr_per_person",
      label: "Zakat al-Fitr, per person",
      amount: 12,
      effective_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      authority: expect.any(String),
      note: expect.any(String),
      to_confirm: true,
      is_current: true,
    });
    const gold = body.find((rate: { rate_key: string }) => rate.rate_key === "gold_per_gram");
    const silver = body.find((rate: { rate_key: string }) => rate.rate_key === "silver_per_gram");
    expect([gold.amount, silver.amount]).toEqual([65, 0.85]);
  });

  it("tells staff who recorded each rate and when; everyone else never", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await callApi(ratesApi.action, "/api/rates/", {
      body: {
        rate_key: "kaffarah_per_person",
        amount: 11,
        effective_on: today,
        authority: "Fiqh Council of North America",
      },
      headers: auth,
    });
    expect(created.status).toBe(201);

    const forStaff = (await callApi(ratesApi.loader, "/api/rates/", { headers: auth })).body;
    expect(forStaff.find((rate: { id: number }) => rate.id === created.body.id)).toMatchObject({
      recorded_by: staffName,
      recorded_at: expect.any(String),
    });
    expect(forStaff.every((rate: object) => "recorded_by" in rate && "recorded_at" in rate)).toBe(true);

    for (const headers of [{}, expired]) {
      const { status, body } = await callApi(ratesApi.loader, "/api/rates/", { headers });
      expect(status).toBe(200);
      expect(body).toHaveLength(forStaff.length);
      expect(body.some((rate: object) => "recorded_by" in rate || "recorded_at" in rate)).toBe(false);
      expect(JSON.stringify(body)).not.toContain(staffName);
    }
  });

  it("lets staff set a new rate (201); the old one stays in the history, no longer in force", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await callApi(ratesApi.action, "/api/rates/", {
      body: {
        rate_key: "fidya_per_day",
        amount: "15",
        effective_on: today,
        authority: "Fiqh Council of North America",
        note: "Two meals",
      },
      headers: auth,
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        rate_key: "fidya_per_day",
        amount: 15,
        effective_on: today,
        authority: "Fiqh Council of North America",
        note: "Two meals",
        to_confirm: false,
        recorded_by: staffName,
      },
    });
    const later = await callApi(ratesApi.action, "/api/rates/", {
      body: {
        rate_key: "fidya_per_day",
        amount: 16,
        effective_on: "2999-01-01",
        authority: "Fiqh Council of North America",
      },
      headers: auth,
    });
    expect(later.status).toBe(201);

    const { body } = await callApi(ratesApi.loader, "/api/rates/");
    const fidya = body.filter((rate: { rate_key: string }) => rate.rate_key === "fidya_per_day");
    expect(fidya.map((rate: { amount: number; is_current: boolean }) => [rate.amount, rate.is_current])).toEqual([
      [16, false],
      [15, true],
      [12, false],
    ]);
    expect(body.filter((rate: { is_current: boolean }) => rate.is_current)).toHaveLength(5);
  });

  it("refuses anonymous callers (401), bad rates (422) and bodies that are not a JSON object (400)", async () => {
    const good = { rate_key: "gold_per_gram", amount: 70, effective_on: "2026-01-01", authority: "Market price" };
    for (const headers of [{}, expired]) {
      expect(await callApi(ratesApi.action, "/api/rates/", { body: good, headers })).toMatchObject({ status: 401 });
    }
    const bad = await callApi(ratesApi.action, "/api/rates/", {
      body: { rate_key: "platinum", amount: 0, effective_on: "soon" },
      headers: auth,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["amount", "authority", "effective_on", "rate_key"]);
    for (const [, body, detail] of WRONG_BODIES) {
      expect(
        await callApi(ratesApi.action, "/api/rates/", {
          body,
          headers: { ...auth, "Content-Type": "application/json" },
        }),
      ).toMatchObject({ status: 400, body: { detail } });
    }
    const put = await callApi(ratesApi.action, "/api/rates/", { method: "PUT", body: good, headers: auth });
    expect(put).toMatchObject({ status: 405 });
    const { body } = await callApi(ratesApi.loader, "/api/rates/");
    expect(
      body.some(
        (rate: { amount: number; rate_key: string }) => rate.rate_key === "gold_per_gram" && rate.amount === 70,
      ),
    ).toBe(false);
  });
});
