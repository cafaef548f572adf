import { describe, expect, it } from "vitest";
import { calculateZakat, DEFAULT_ZAKAT_INPUTS, roundToCents, type ZakatInputs } from "./zakat";
import { zakatInputSchema } from "./zakat-schema";

const inputs = (given: Partial<ZakatInputs>): ZakatInputs => ({ ...DEFAULT_ZAKAT_INPUTS, ...given });

describe("calculateZakat", () => {
  // [case, inputs, expected parts, expected nisab verdict]
  const cases: [
    string,
    Partial<ZakatInputs>,
    Partial<Record<"wealth" | "gold" | "silver" | "business_goods" | "agriculture" | "total", number>>,
    { meets: boolean; threshold: number; assets: number },
  ][] = [
    ["nothing entered", {}, { total: 0 }, { meets: false, threshold: 520.51, assets: 0 }],
    [
      "savings above the silver nisab",
      { cash: 10_000 },
      { wealth: 250, total: 250 },
      { meets: true, threshold: 520.51, assets: 10_000 },
    ],
    [
      "savings just below the silver nisab",
      { cash: 520.5 },
      { wealth: 0, total: 0 },
      { meets: false, threshold: 520.51, assets: 520.5 },
    ],
    [
      "savings exactly at the silver nisab",
      { cash: 520.51 },
      { wealth: 13.01, total: 13.01 },
      { meets: true, threshold: 520.51, assets: 520.51 },
    ],
    [
      "below the gold nisab",
      { cash: 5_000, nisab_basis: "gold" },
      { wealth: 0, total: 0 },
      { meets: false, threshold: 5686.2, assets: 5_000 },
    ],
    [
      "the same savings on the silver nisab",
      { cash: 5_000 },
      { wealth: 125, total: 125 },
      { meets: true, threshold: 520.51, assets: 5_000 },
    ],
    [
      "above the gold nisab",
      { cash: 6_000, nisab_basis: "gold" },
      { wealth: 150, total: 150 },
      { meets: true, threshold: 5686.2, assets: 6_000 },
    ],
    [
      "every kind of wealth is added up",
      {
        cash: 100,
        receivables: 100,
        stocks: 100,
        retirement: 100,
        investment_property: 100,
        other_valuables: 100,
        livestock: 100,
        other_assets: 100,
      },
      { wealth: 20, total: 20 },
      { meets: true, threshold: 520.51, assets: 800 },
    ],
    [
      "liabilities larger than money owed are not taken off gold",
      { cash: 1_000, liabilities: 5_000, gold_weight: 100 },
      { wealth: 0, gold: 162.5, total: 162.5 },
      { meets: true, threshold: 520.51, assets: 6_500 },
    ],
    [
      "liabilities bring savings below the nisab",
      { cash: 2_000, liabilities: 1_600 },
      { wealth: 0, total: 0 },
      { meets: false, threshold: 520.51, assets: 400 },
    ],
    [
      "silver alone",
      { silver_weight: 1_000 },
      { silver: 21.25, total: 21.25 },
      { meets: true, threshold: 520.51, assets: 850 },
    ],
    [
      "metal prices set by the donor move the nisab",
      { silver_weight: 500, silver_price_per_gram: 0.5, gold_price_per_gram: 40, nisab_basis: "gold" },
      { silver: 0, total: 0 },
      { meets: false, threshold: 3499.2, assets: 250 },
    ],
    [
      "business goods",
      { business_goods: 20_000 },
      { business_goods: 500, total: 500 },
      { meets: true, threshold: 520.51, assets: 20_000 },
    ],
    [
      "an irrigated harvest at 5%, due whatever the nisab",
      { agriculture_value: 10_000 },
      { agriculture: 500, total: 500 },
      { meets: false, threshold: 520.51, assets: 0 },
    ],
    [
      "a rain-fed harvest at 10%",
      { agriculture_value: 10_000, agriculture_irrigation: "rain" },
      { agriculture: 1_000, total: 1_000 },
      { meets: false, threshold: 520.51, assets: 0 },
    ],
    [
      "a harvest beside wealth below the nisab",
      { cash: 300, agriculture_value: 1_000, agriculture_irrigation: "rain" },
      { wealth: 0, agriculture: 100, total: 100 },
      { meets: false, threshold: 520.51, assets: 300 },
    ],
    [
      "halves of a cent round away from zero, and the total adds the rounded parts",
      { cash: 1_000.2, gold_weight: 0.1 },
      { wealth: 25.01, gold: 0.16, total: 25.17 },
      { meets: true, threshold: 520.51, assets: 1_006.7 },
    ],
  ];

  it.each(cases)("%s", (_name, given, parts, nisab) => {
    const result = calculateZakat(inputs(given));
    const expected = { wealth: 0, gold: 0, silver: 0, business_goods: 0, agriculture: 0, total: 0, ...parts };
    expect(result).toEqual({
      ...expected,
      nisab: {
        basis: given.nisab_basis ?? "silver",
        threshold: nisab.threshold,
        zakatable_assets: nisab.assets,
        meets_nisab: nisab.meets,
      },
    });
  });

  it("matches the published nisab figures at the default prices", () => {
    expect(Math.round(calculateZakat(inputs({ nisab_basis: "gold" })).nisab.threshold)).toBe(5686);
    expect(Math.round(calculateZakat(inputs({})).nisab.threshold)).toBe(521);
  });
});

describe("roundToCents", () => {
  it("rounds without binary noise", () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(25.005)).toBe(25.01);
    expect(roundToCents(0.1 + 0.2)).toBe(0.3);
    expect(roundToCents(-1.005)).toBe(-1.01);
    expect(Object.is(roundToCents(-0.001), 0)).toBe(true);
  });
});

describe("zakatInputSchema", () => {
  it("fills in the defaults: 0 for amounts, 65 and 0.85 for the prices, silver and irrigated", () => {
    expect(zakatInputSchema.parse({})).toEqual(DEFAULT_ZAKAT_INPUTS);
    expect(zakatInputSchema.parse({ cash: "", gold_price_per_gram: "", nisab_basis: "" })).toEqual(
      DEFAULT_ZAKAT_INPUTS,
    );
  });

  it("accepts numbers and numeric text as forms send them", () => {
    const parsed = zakatInputSchema.parse({
      cash: "1,250.50",
      stocks: 300,
      gold_price_per_gram: "$70",
      nisab_basis: "gold",
      agriculture_irrigation: "rain",
    });
    expect(parsed).toMatchObject({
      cash: 1250.5,
      stocks: 300,
      gold_price_per_gram: 70,
      nisab_basis: "gold",
      agriculture_irrigation: "rain",
    });
  });

  it("refuses negative, non-numeric and unknown choices with field errors", () => {
    const result = zakatInputSchema.safeParse({
      cash: -5,
      stocks: "lots",
      livestock: "0x10",
      nisab_basis: "platinum",
      agriculture_irrigation: "snow",
    });
    expect(result.success).toBe(false);
    const errors = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(errors).toEqual({
      cash: "Cannot be negative",
      stocks: "Must be a number",
      livestock: "Must be a number",
      nisab_basis: "Choose silver or gold",
      agriculture_irrigation: "Choose irrigated or rain",
    });
  });
});
