import { describe, expect, it } from "vitest";
import {
  changedBy,
  changeWords,
  recurringAmountSchema,
  recurringPauseSchema,
  resumingChargeOf,
} from "./recurring-changes";

describe("what a recurring gift's change may ask", () => {
  it("takes a new amount of at least $1 as the donate form does", () => {
    expect(recurringAmountSchema.parse({ amount: "25.50" })).toEqual({ amount: 25.5 });
    expect(recurringAmountSchema.safeParse({ amount: 0.99 }).success).toBe(false);
    expect(recurringAmountSchema.safeParse({ amount: "12.345" }).success).toBe(false);
    expect(recurringAmountSchema.safeParse({}).success).toBe(false);
  });

  it("pauses for one, two or three charges only", () => {
    expect(recurringPauseSchema.parse({ charges: "2" })).toEqual({ charges: 2 });
    for (const charges of [0, 4, 1.5, "two", undefined])
      expect(recurringPauseSchema.safeParse({ charges }).success).toBe(false);
  });
});

describe("a change in words", () => {
  it("names the amounts and the charge a pause resumes with", () => {
    const base = { fromCents: null, toCents: null, resumesAt: null, actor: "donor" } as const;
    const firsts = { interval: "month", paymentDay: 1, paymentMonth: 1 } as const;
    expect(
      changeWords({ ...base, kind: "amount_changed", fromCents: 5000, toCents: 2500 }, firsts, "UTC", "donor"),
    ).toBe("Amount changed by you; from $50 to $25");
    expect(resumingChargeOf("2027-02-28T12:00:00.000Z", firsts).toISOString()).toBe("2027-03-01T12:00:00.000Z");
    expect(
      changeWords({ ...base, kind: "paused", resumesAt: "2027-02-28T12:00:00.000Z" }, firsts, "UTC", "donor"),
    ).toBe("Paused by you; resumes with the charge on Mar 1, 2027");
  });

  it("says every kind the same way: the kind, who made it in the reader's words, then what it did", () => {
    const base = { fromCents: null, toCents: null, resumesAt: null } as const;
    const firsts = { interval: "month", paymentDay: 1, paymentMonth: 1 } as const;
    expect(changeWords({ ...base, kind: "created", toCents: 5000, actor: "donor" }, firsts, "UTC", "staff")).toBe(
      "Started by the donor; at $50",
    );
    expect(
      changeWords(
        { ...base, kind: "paused", resumesAt: "2027-02-28T12:00:00.000Z", actor: "staff", actorName: "amina" },
        firsts,
        "UTC",
        "staff",
      ),
    ).toBe("Paused by amina; resumes with the charge on Mar 1, 2027");
    expect(changeWords({ ...base, kind: "resumed", actor: "staff", actorName: "amina" }, firsts, "UTC", "donor")).toBe(
      "Resumed by our team",
    );
    expect(changeWords({ ...base, kind: "card_updated", actor: "provider" }, firsts, "UTC", "donor")).toBe(
      "Card updated at the card payment provider",
    );
    expect(changeWords({ ...base, kind: "canceled", actor: "staff", actorName: "" }, firsts, "UTC", "staff")).toBe(
      "Canceled by staff",
    );
    expect(changedBy("donor", "", "donor")).toBe("by you");
  });

  it("names the gift's own charge after a pause: on its day of the month, whenever the provider resumes collecting", () => {
    const base = { fromCents: null, toCents: null, resumesAt: null, actor: "provider" } as const;
    const thirtyFirsts = { interval: "month", paymentDay: 31, paymentMonth: 1 } as const;
    // This site resumes collecting the day before the charge: Mar 30 for the charge of Mar 31.
    expect(
      changeWords({ ...base, kind: "paused", resumesAt: "2027-03-30T12:00:00.000Z" }, thirtyFirsts, "UTC", "donor"),
    ).toBe("Paused at the card payment provider; resumes with the charge on Mar 31, 2027");
    expect(resumingChargeOf("2027-04-29T12:00:00.000Z", thirtyFirsts).toISOString().slice(0, 10)).toBe("2027-04-30");
    // A pause set at the provider, to resume mid-month: the next 1st, not the day after.
    const firsts = { interval: "month", paymentDay: 1, paymentMonth: 1 } as const;
    expect(
      changeWords({ ...base, kind: "paused", resumesAt: "2027-02-10T00:00:00.000Z" }, firsts, "UTC", "staff"),
    ).toBe("Paused at the card payment provider; resumes with the charge on Mar 1, 2027");
    expect(resumingChargeOf("2027-12-15T00:00:00.000Z", firsts).toISOString().slice(0, 10)).toBe("2028-01-01");
    const yearly = { interval: "year", paymentDay: 29, paymentMonth: 2 } as const;
    expect(resumingChargeOf("2027-03-10T00:00:00.000Z", yearly).toISOString().slice(0, 10)).toBe("2028-02-29");
  });
});
