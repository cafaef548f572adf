import { describe, expect, it } from "vitest";
import { appealProgress, daysLeft, daysLeftWords, giftCountWords } from "./progress";

describe("an appeal's progress", () => {
  it("says what the bar shows, in the words a screen reader hears", () => {
    expect(appealProgress(1_240_000, 2_000_000, 3)).toEqual({
      raisedCents: 1_240_000,
      goalCents: 2_000_000,
      gifts: 3,
      percent: 62,
      barPercent: 62,
      words: "$12,400 raised of $20,000 goal, 62%",
    });
  });

  it("never rounds up to the goal: 99.6% is 99% until the last dollars arrive", () => {
    const nearly = appealProgress(1_992_000, 2_000_000, 40);
    expect([nearly.percent, nearly.barPercent]).toEqual([99, 99]);
    expect(nearly.words).toBe("$19,920 raised of $20,000 goal, 99%");
    expect(appealProgress(1_999_999, 2_000_000, 40).percent).toBe(99);
    expect(appealProgress(2_000_000, 2_000_000, 41).percent).toBe(100);
  });

  it("counts past the goal in words, while the bar stops full", () => {
    const over = appealProgress(2_500_050, 2_000_000, 60);
    expect(over).toMatchObject({ percent: 125, barPercent: 100 });
    expect(over.words).toBe("$25,000.50 raised of $20,000 goal, 125%");
  });

  it("starts at nothing, with an empty bar", () => {
    expect(appealProgress(0, 500_000, 0)).toMatchObject({
      percent: 0,
      barPercent: 0,
      words: "$0 raised of $5,000 goal, 0%",
    });
    // A handful of cents against a large goal is still under one per cent.
    expect(appealProgress(99, 10_000_000, 1)).toMatchObject({ percent: 0, barPercent: 0 });
  });

  it("without a goal says only what was raised, and has no bar to fill", () => {
    for (const goal of [null, 0]) {
      expect(appealProgress(123_456, goal, 7)).toEqual({
        raisedCents: 123_456,
        goalCents: null,
        gifts: 7,
        percent: null,
        barPercent: 0,
        words: "$1,234.56 raised",
      });
    }
  });
});

describe("counting gifts", () => {
  it("says one gift, and many with thousands separated", () => {
    expect(giftCountWords(0)).toBe("0 gifts");
    expect(giftCountWords(1)).toBe("1 gift");
    expect(giftCountWords(2)).toBe("2 gifts");
    expect(giftCountWords(100_000)).toBe("100,000 gifts");
  });
});

describe("days left", () => {
  it("count the last day itself: an appeal ending today has its last day", () => {
    expect(daysLeft("2025-03-10", "2025-03-10")).toBe(1);
    expect(daysLeftWords(daysLeft("2025-03-10", "2025-03-10"))).toBe("Last day");
    expect(daysLeft("2025-03-11", "2025-03-10")).toBe(2);
    expect(daysLeftWords(2)).toBe("2 days left");
  });

  it("count across months and a leap day", () => {
    expect(daysLeft("2025-03-31", "2025-03-01")).toBe(31);
    expect(daysLeft("2024-03-01", "2024-02-28")).toBe(3);
    expect(daysLeft("2026-01-01", "2025-12-31")).toBe(2);
  });

  it("are none once the end has passed, and are not counted without an end", () => {
    expect(daysLeft("2025-03-10", "2025-03-11")).toBe(0);
    expect(daysLeft("2025-03-10", "2026-01-01")).toBe(0);
    expect(daysLeftWords(0)).toBe("Ended");
    expect(daysLeft(null, "2025-03-11")).toBeNull();
    expect(daysLeftWords(null)).toBeNull();
  });
});
