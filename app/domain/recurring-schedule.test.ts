import { describe, expect, it } from "vitest";
import { nextScheduledCharge, ordinal, scheduleText } from "./recurring-schedule";

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
  it("is noon UTC on the 1st of next month for a monthly gift, even when today is the 1st", () => {
    expect(nextScheduledCharge("month", new Date("2026-11-23T14:00:00Z")).toISOString()).toBe("2026-12-01T12:00:00.000Z");
    expect(nextScheduledCharge("month", new Date("2026-12-01T00:00:00Z")).toISOString()).toBe("2027-01-01T12:00:00.000Z");
    expect(nextScheduledCharge("month", new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2027-01-01T12:00:00.000Z");
    expect(nextScheduledCharge("month", new Date("2027-01-31T10:00:00Z")).toISOString()).toBe("2027-02-01T12:00:00.000Z");
  });

  it("is next year's January 1st for a yearly gift, or the month asked for", () => {
    expect(nextScheduledCharge("year", new Date("2026-11-23T14:00:00Z")).toISOString()).toBe("2027-01-01T12:00:00.000Z");
    expect(nextScheduledCharge("year", new Date("2027-01-01T00:00:00Z")).toISOString()).toBe("2028-01-01T12:00:00.000Z");
    expect(nextScheduledCharge("year", new Date("2026-02-10T00:00:00Z"), 1, 3).toISOString()).toBe("2027-03-01T12:00:00.000Z");
  });
});
