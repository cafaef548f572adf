import { describe, expect, it } from "vitest";
import { ordinal } from "~/shared/day-words";
import { nextScheduledCharge, scheduleText } from "./recurring-schedule";

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [28, "28th"],
    [31, "31st"],
    [111, "111th"],
  ])("%i -> %s", (day, text) => expect(ordinal(day)).toBe(text));
});

describe("scheduleText", () => {
  it("says 'on the 1st' for monthly and 'on January 1st' for yearly gifts", () => {
    expect(scheduleText("month", 1)).toBe("on the 1st");
    expect(scheduleText("year", 1, 1)).toBe("on January 1st");
    expect(scheduleText("year", 12, 3)).toBe("on March 12th");
    expect(scheduleText("month", 22)).toBe("on the 22nd");
  });
});

describe("nextScheduledCharge", () => {
  const charge = (interval: "month" | "year", now: string, day?: number, month?: number) =>
    nextScheduledCharge(interval, new Date(now), day, month).toISOString();

  it("is noon UTC on the 1st of next month for a monthly gift", () => {
    expect(charge("month", "2026-11-23T14:00:00Z")).toBe("2026-12-01T12:00:00.000Z");
    expect(charge("month", "2026-12-31T23:59:59Z")).toBe("2027-01-01T12:00:00.000Z");
    expect(charge("month", "2027-01-31T10:00:00Z")).toBe("2027-02-01T12:00:00.000Z");
  });

  it("stays before Stripe's natural next billing date when today is the 1st", () => {
    expect(charge("month", "2026-12-01T15:00:00Z")).toBe("2027-01-01T12:00:00.000Z");
    expect(charge("month", "2026-12-01T10:00:00Z")).toBe("2027-01-01T09:59:59.000Z");
    expect(charge("month", "2026-12-01T00:00:05Z")).toBe("2027-01-01T00:00:04.000Z");
    expect(charge("year", "2027-01-01T08:30:00Z")).toBe("2028-01-01T08:29:59.000Z");
  });

  it("is the next January 1st for a yearly gift, or the next 1st of the month asked for", () => {
    expect(charge("year", "2026-11-23T14:00:00Z")).toBe("2027-01-01T12:00:00.000Z");
    expect(charge("year", "2026-11-23T14:00:00Z", 1, 12)).toBe("2026-12-01T12:00:00.000Z");
    expect(charge("year", "2026-02-10T00:00:00Z", 1, 3)).toBe("2026-03-01T12:00:00.000Z");
    expect(charge("year", "2026-03-01T18:00:00Z", 1, 3)).toBe("2027-03-01T12:00:00.000Z");
  });

  // (At exactly midnight on the 1st no moment on the next 1st is early enough: that one
  // second a month falls on the last day of the month.)
  it("is always in the future, within one interval and on the 1st, as Stripe requires", () => {
    for (let hour = 0; hour < 24 * 400; hour += 7) {
      const now = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000 + 17 * 60_000);
      for (const [interval, month] of [
        ["month", 1],
        ["year", 1],
        ["year", 6],
        ["year", 12],
      ] as const) {
        const anchor = nextScheduledCharge(interval, now, 1, month);
        const limit = new Date(now);
        if (interval === "month") limit.setUTCMonth(limit.getUTCMonth() + 1);
        else limit.setUTCFullYear(limit.getUTCFullYear() + 1);
        expect(anchor.getTime(), now.toISOString()).toBeGreaterThan(now.getTime());
        expect(anchor.getTime(), now.toISOString()).toBeLessThan(limit.getTime());
        expect(anchor.getUTCDate(), now.toISOString()).toBe(1);
      }
    }
  });
});
