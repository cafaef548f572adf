import { describe, expect, it } from "vitest";
import * as zakatApi from "~/giving/zakat-calculator/routes/api-calculate-zakat";
import { callApi } from "../../../../tests/support/routes";

/** The calculator's endpoint: what it answers, and what it refuses. */
describe("POST /api/donations/calculate-zakat", () => {
  it("answers the parts, the total and the nisab", async () => {
    const { status, body } = await callApi(zakatApi.action, "/api/donations/calculate-zakat", {
      body: {
        cash: 10000,
        liabilities: 2000,
        gold_weight: 20,
        gold_price_per_gram: 65,
        silver_weight: 0,
        silver_price_per_gram: 0.85,
        business_goods: 1000,
        agriculture_value: 500,
        agriculture_irrigation: "rain",
      },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      wealth: 200,
      gold: 32.5,
      silver: 0,
      business_goods: 25,
      agriculture: 50,
      total: 307.5,
      nisab: { basis: "silver", threshold: 520.51, zakatable_assets: 10300, meets_nisab: true },
    });
  });

  it("refuses negative or non-numeric inputs with 422 and field errors", async () => {
    const { status, body } = await callApi(zakatApi.action, "/api/donations/calculate-zakat", {
      body: { cash: -1, stocks: "lots" },
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ cash: ["Cannot be negative"], stocks: ["Must be a number"] });
    const garbled = await callApi(zakatApi.action, "/api/donations/calculate-zakat", {
      body: "{oops",
      headers: { "Content-Type": "application/json" },
    });
    expect(garbled.status).toBe(400);
  });
});
