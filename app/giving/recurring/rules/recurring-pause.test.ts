import { describe, expect, it } from "vitest";
import { chargeAfter, nextChargeTaken, resumeCollectionAt, resumingCharge } from "./recurring-pause";

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

describe("pausing a recurring gift", () => {
  it.each([
    ["month", "2026-12-01", 1, "2027-01-01"],
    ["month", "2026-12-01", 2, "2027-02-01"],
    ["month", "2026-12-01", 3, "2027-03-01"],
    ["year", "2027-01-01", 1, "2028-01-01"],
    ["year", "2027-01-01", 3, "2030-01-01"],
  ] as const)("a %s gift whose next charge is %s, paused for %i, resumes on %s", (interval, next, charges, resumes) => {
    expect(dayOf(resumingCharge(day(next), interval, charges))).toBe(resumes);
    // Collection resumes the day before, so that charge is made and the skipped ones are not.
    expect(dayOf(resumeCollectionAt(day(next), interval, charges))).toBe(
      dayOf(new Date(day(resumes).getTime() - 86_400_000)),
    );
  });

  it("keeps the day of the month, or the month's last day when it is shorter", () => {
    expect(dayOf(chargeAfter(day("2027-01-31"), "month", 1))).toBe("2027-02-28");
    expect(dayOf(chargeAfter(day("2028-01-31"), "month", 1))).toBe("2028-02-29");
    expect(dayOf(chargeAfter(day("2028-02-29"), "year", 1))).toBe("2029-02-28");
    expect(chargeAfter(day("2026-12-01"), "month", 1).getUTCHours()).toBe(12);
  });

  it("counts from the gift's payment day, not from a shortened month's last day", () => {
    // Charged on the 31st: after Feb 28 comes Mar 31, as the provider charges it.
    expect(dayOf(chargeAfter(day("2027-02-28"), "month", 1, 31))).toBe("2027-03-31");
    expect(dayOf(resumingCharge(day("2027-02-28"), "month", 2, 31))).toBe("2027-04-30");
    expect(dayOf(resumeCollectionAt(day("2027-02-28"), "month", 1, 31))).toBe("2027-03-30");
    expect(dayOf(chargeAfter(day("2027-02-28"), "year", 1, 29))).toBe("2028-02-29");
  });
});

describe("the next charge really taken", () => {
  const gift = {
    next_payment_date: "2026-12-01T12:00:00.000Z",
    interval: "month",
    payment_day: 1,
    payment_month: 1,
  } as const;

  it("is the provider's next charge while the gift runs, or unknown", () => {
    expect(nextChargeTaken({ ...gift, resumes_at: null })).toBe("2026-12-01T12:00:00.000Z");
    expect(nextChargeTaken({ ...gift, next_payment_date: null, resumes_at: null })).toBeNull();
  });

  it("is the charge a paused gift resumes with, whatever the provider's next date says", () => {
    const resumesAt = resumeCollectionAt(day("2026-12-01"), "month", 2).toISOString();
    expect(nextChargeTaken({ ...gift, resumes_at: resumesAt })).toBe("2027-02-01T12:00:00.000Z");
    expect(
      nextChargeTaken({ ...gift, interval: "year", payment_month: 1, resumes_at: "2027-12-31T12:00:00.000Z" }),
    ).toBe("2028-01-01T12:00:00.000Z");
  });
});
