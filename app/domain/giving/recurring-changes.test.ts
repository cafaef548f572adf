import { describe, expect, it } from "vitest";
import { changeWords, recurringAmountSchema, recurringPauseSchema, resumingChargeOf } from "./recurring-changes";

describe("what a recurring gift's change may ask", () => {
  it("takes a new amount of at least $1 as the donate form does", () => {
    expect(recurringAmountSchema.parse({ amount: "25.50" })).toEqual({ amount: 25.5 });
    expect(recurringAmountSchema.safeParse({ amount: 0.99 }).success).toBe(false);
    expect(recurringAmountSchema.safeParse({ amount: "12.345" }).success).toBe(false);
    expect(recurringAmountSchema.safeParse({}).success).toBe(false);
  });

  it("pauses for one, two or three charges only", () => {
    expect(recurringPauseSchema.parse({ charges: "2" })).toEqual({ charges: 2 });
    for (const charges of [0, 4, 1.5, "two", undefined]) expect(recurringPauseSchema.safeParse({ charges }).success).toBe(false);
  });
});

describe("a change in words", () => {
  it("names the amounts and the charge a pause resumes with", () => {
    const base = { fromCents: null, toCents: null, resumesAt: null, actor: "donor" } as const;
    expect(changeWords({ ...base, kind: "amount_changed", fromCents: 5000, toCents: 2500 }, "UTC")).toBe("Amount changed from $50 to $25");
    expect(resumingChargeOf("2027-02-28T00:00:00.000Z").toISOString()).toBe("2027-03-01T00:00:00.000Z");
    expect(changeWords({ ...base, kind: "paused", resumesAt: "2027-02-28T00:00:00.000Z" }, "UTC")).toBe("Paused: resumes with the charge on Mar 1, 2027");
  });
});
