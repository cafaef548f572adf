import { describe, expect, it } from "vitest";
import { DEFAULT_ELIGIBILITY, type EligibilityTable } from "~/applications/records";
import { checkEligibility, eligibilityQuerySchema, rowFor } from "./eligibility-check";

const figures = (overrides: Partial<Record<string, string>> = {}) =>
  eligibilityQuerySchema.parse({
    household_size: "3",
    income: "1000",
    costs: "1500",
    savings: "0",
    debts: "0",
    ...overrides,
  });

describe("the eligibility checker's judgement", () => {
  it("finds an application likely with a monthly shortfall and savings within the limit, and gives the household's range", () => {
    const answer = checkEligibility(figures(), DEFAULT_ELIGIBILITY);
    expect(answer).toEqual({
      likelihood: "likely",
      shortfall_cents: 50_000,
      net_savings_cents: 0,
      range: { low_cents: 40_000, high_cents: 120_000 },
    });
  });

  it("finds debts greater than savings likely, even when income covers the costs", () => {
    expect(
      checkEligibility(figures({ costs: "900", savings: "200", debts: "2500" }), DEFAULT_ELIGIBILITY).likelihood,
    ).toBe("likely");
  });

  it("finds an application possible when income covers costs and savings cover debts", () => {
    const answer = checkEligibility(
      figures({ income: "2000", costs: "1500", savings: "500", debts: "100" }),
      DEFAULT_ELIGIBILITY,
    );
    expect(answer.likelihood).toBe("possible");
    expect(answer.shortfall_cents).toBe(0);
    expect(answer.range).toEqual({ low_cents: 40_000, high_cents: 120_000 });
  });

  it("finds savings above the limit unlikely, with no range, whatever the shortfall", () => {
    const answer = checkEligibility(figures({ savings: "3000.01" }), DEFAULT_ELIGIBILITY);
    expect(answer).toMatchObject({ likelihood: "unlikely", range: null, net_savings_cents: 300_001 });
  });

  it("counts savings less debts against the limit: savings at the limit exactly, or owed away, still qualify", () => {
    expect(checkEligibility(figures({ savings: "3000" }), DEFAULT_ELIGIBILITY).likelihood).toBe("likely");
    expect(checkEligibility(figures({ savings: "5000", debts: "2500" }), DEFAULT_ELIGIBILITY).likelihood).toBe(
      "likely",
    );
  });

  it("uses the last row for larger households, and the first for a table that starts above the household", () => {
    expect(rowFor(DEFAULT_ELIGIBILITY, 9)?.household_size).toBe(6);
    expect(rowFor(DEFAULT_ELIGIBILITY, 6)?.household_size).toBe(6);
    const fromTwo: EligibilityTable = {
      rows: [
        { household_size: 4, low_cents: 4, high_cents: 40 },
        { household_size: 2, low_cents: 2, high_cents: 20 },
      ],
      savings_limit_cents: 100,
    };
    expect(rowFor(fromTwo, 1)?.household_size).toBe(2);
    expect(rowFor(fromTwo, 3)?.household_size).toBe(2);
    expect(rowFor(fromTwo, 5)?.household_size).toBe(4);
  });
});

describe("the checker's figures", () => {
  it("reads empty amounts as $0 and amounts as typed with separators", () => {
    expect(eligibilityQuerySchema.parse({ household_size: "2", income: "1,250.50", costs: "" })).toEqual({
      household_size: 2,
      income: 1250.5,
      costs: 0,
      savings: 0,
      debts: 0,
    });
  });

  it("names each field it refuses", () => {
    const result = eligibilityQuerySchema.safeParse({
      household_size: "0",
      income: "-1",
      costs: "abc",
      savings: "1.001",
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["household_size", "income", "costs", "savings"]));
    expect(eligibilityQuerySchema.safeParse({ income: "1" }).error!.issues[0]!.message).toBe(
      "Please say how many people live in your household",
    );
  });
});
