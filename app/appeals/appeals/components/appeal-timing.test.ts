import { describe, expect, it } from "vitest";
import { appealTimingWords, formatAppealDay, givenWhenWords } from "./appeal-timing";

describe("appealTimingWords", () => {
  const today = "2026-03-10";
  it.each([
    [{ phase: "open", starts_on: "2026-03-01", ends_on: "2026-03-21" }, "12 days left"],
    [{ phase: "open", starts_on: "2026-03-01", ends_on: "2026-03-10" }, "Last day"],
    [{ phase: "open", starts_on: "2026-03-01", ends_on: null }, null],
    [{ phase: "upcoming", starts_on: "2026-04-02", ends_on: null }, "Opens on April 2, 2026"],
    [{ phase: "ended", starts_on: "2026-01-01", ends_on: "2026-03-09" }, "Ended"],
    [{ phase: "closed", starts_on: "2026-01-01", ends_on: null }, "Closed"],
    [{ phase: "draft", starts_on: "2026-01-01", ends_on: null }, null],
  ] as const)("%o is %s", (appeal, words) => {
    expect(appealTimingWords(appeal, today)).toBe(words);
  });
});

describe("formatAppealDay", () => {
  it("writes the day as it was set, whatever the machine's time zone", () => {
    expect(formatAppealDay("2026-01-01")).toBe("January 1, 2026");
    expect(formatAppealDay("not a day")).toBe("not a day");
  });
});

describe("givenWhenWords", () => {
  it.each([
    ["2026-03-10T08:00:00.000Z", "UTC", "Today"],
    ["2026-03-09T23:30:00.000Z", "UTC", "Yesterday"],
    // Half past eleven at night in UTC is already the next morning in Dubai.
    ["2026-03-09T23:30:00.000Z", "Asia/Dubai", "Today"],
    ["2026-03-04T12:00:00.000Z", "UTC", "6 days ago"],
    ["2026-03-03T12:00:00.000Z", "UTC", "March 3, 2026"],
    ["garbled", "UTC", ""],
  ])("%s in %s is %s", (donatedAt, timeZone, words) => {
    expect(givenWhenWords(donatedAt, "2026-03-10", timeZone)).toBe(words);
  });
});
