import { describe, expect, it } from "vitest";
import { matchOldestFirst, undistributedSince, type DayAmount } from "./oldest-first";

const day = (d: string, cents: number): DayAmount => ({ day: d, cents });

describe("matchOldestFirst", () => {
  // [case, received, disbursed, per receipt [distributed, within a lunar year], unmatched]
  const cases: [string, DayAmount[], DayAmount[], [number, number][], number][] = [
    [
      "nothing given out yet",
      [day("2026-01-01", 1000), day("2026-02-01", 500)],
      [],
      [
        [0, 0],
        [0, 0],
      ],
      0,
    ],
    [
      "a payment smaller than the oldest Zakat",
      [day("2026-01-01", 1000), day("2026-02-01", 500)],
      [day("2026-03-01", 400)],
      [
        [400, 400],
        [0, 0],
      ],
      0,
    ],
    [
      "a payment that uses up one day's Zakat and part of the next",
      [day("2026-01-01", 1000), day("2026-02-01", 500)],
      [day("2026-03-01", 1200)],
      [
        [1000, 1000],
        [200, 200],
      ],
      0,
    ],
    [
      "payments in any order, taken by their day",
      [day("2026-02-01", 500), day("2026-01-01", 1000)],
      [day("2026-05-01", 300), day("2026-03-01", 900)],
      [
        [1000, 1000],
        [200, 200],
      ],
      0,
    ],
    [
      "exactly a lunar year (354 days) later is within it",
      [day("2026-01-01", 1000)],
      [day("2026-12-21", 1000)],
      [[1000, 1000]],
      0,
    ],
    ["355 days later is late", [day("2026-01-01", 1000)], [day("2026-12-22", 1000)], [[1000, 0]], 0],
    [
      "one payment partly within and partly late",
      [day("2025-01-01", 600), day("2025-11-01", 400)],
      [day("2026-03-01", 1000)],
      [
        [600, 0],
        [400, 400],
      ],
      0,
    ],
    [
      "more given than received: the rest is unmatched",
      [day("2026-01-01", 100)],
      [day("2026-02-01", 250)],
      [[100, 100]],
      150,
    ],
    ["nothing received", [], [day("2026-02-01", 250)], [], 250],
    [
      "days with nothing received are left out",
      [day("2026-01-01", 0), day("2026-01-02", 300)],
      [day("2026-01-03", 100)],
      [[100, 100]],
      0,
    ],
    [
      "a payment dated before any Zakat came in takes none of it",
      [day("2026-03-01", 1000)],
      [day("2026-02-01", 400)],
      [[0, 0]],
      400,
    ],
    [
      "a payment takes only what had come in by its day",
      [day("2026-01-01", 300), day("2026-03-01", 1000)],
      [day("2026-02-01", 500)],
      [
        [300, 300],
        [0, 0],
      ],
      200,
    ],
    [
      "a gift of the payment's own day can be taken",
      [day("2026-02-01", 500)],
      [day("2026-02-01", 500)],
      [[500, 500]],
      0,
    ],
    [
      "a later payment takes what an earlier one could not reach",
      [day("2026-01-01", 300), day("2026-03-01", 1000)],
      [day("2026-04-01", 600), day("2026-02-01", 500)],
      [
        [300, 300],
        [600, 600],
      ],
      200,
    ],
    [
      "a later gift is never counted as given within its lunar year by an earlier payment",
      [day("2025-01-01", 1000), day("2026-06-01", 1000)],
      [day("2026-05-01", 1500), day("2026-07-01", 500)],
      [
        [1000, 0],
        [500, 500],
      ],
      500,
    ],
  ];

  it.each(cases)("%s", (_case, received, disbursed, expected, unmatched) => {
    const matching = matchOldestFirst(received, disbursed);
    expect(matching.receipts.map((receipt) => [receipt.distributedCents, receipt.withinLunarYearCents])).toEqual(
      expected,
    );
    expect(matching.unmatchedCents).toBe(unmatched);
    // What was matched and what was not add up to what went out.
    const matched = matching.receipts.reduce((total, receipt) => total + receipt.distributedCents, 0);
    expect(matched + matching.unmatchedCents).toBe(disbursed.reduce((total, item) => total + item.cents, 0));
  });

  it("lists the receipts oldest first and leaves its inputs alone", () => {
    const received = [day("2026-02-01", 500), day("2026-01-01", 1000)];
    const copy = structuredClone(received);
    expect(matchOldestFirst(received, []).receipts.map((receipt) => receipt.day)).toEqual(["2026-01-01", "2026-02-01"]);
    expect(received).toEqual(copy);
  });
});

describe("undistributedSince", () => {
  const { receipts } = matchOldestFirst(
    [day("2025-01-10", 1000), day("2025-03-01", 500), day("2025-06-01", 700)],
    [day("2025-05-01", 1200)],
  );

  it.each([
    ["before anything was received", "2025-01-01", 0, null],
    ["the first day alone, fully given out", "2025-01-10", 0, null],
    ["up to the second day: what is left of it", "2025-03-01", 300, "2025-03-01"],
    ["everything received so far", "2025-12-31", 1000, "2025-03-01"],
  ])("%s", (_case, cutoff, cents, oldestDay) => {
    expect(undistributedSince(receipts, cutoff)).toEqual({ cents, oldestDay });
  });
});
