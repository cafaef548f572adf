import { describe, expect, it } from "vitest";
import type { DayAmount } from "~/funds/transparency";
import { shortfallOf, type Shortfall } from "./running-balance";

const day = (d: string, cents: number): DayAmount => ({ day: d, cents });

describe("shortfallOf", () => {
  // [case, received, standing disbursements, new disbursement [day, cents], shortfall or null]
  const cases: [string, DayAmount[], DayAmount[], [string, number], Shortfall | null][] = [
    [
      "within the balance on its day and after",
      [day("2026-01-01", 1000)],
      [day("2026-02-01", 300)],
      ["2026-03-01", 700],
      null,
    ],
    ["exactly what the fund holds", [day("2026-01-01", 1000)], [], ["2026-01-15", 1000], null],
    ["a gift of the same day counts", [day("2026-01-01", 1000)], [], ["2026-01-01", 1000], null],
    ["nothing received", [], [], ["2026-01-01", 1], { day: "2026-01-01", heldCents: 0, mostCents: 0 }],
    [
      "dated before the money came in",
      [day("2026-03-01", 50_000)],
      [],
      ["2024-06-01", 50_000],
      { day: "2024-06-01", heldCents: 0, mostCents: 0 },
    ],
    [
      "dated before part of the money came in",
      [day("2026-01-01", 300), day("2026-03-01", 1000)],
      [],
      ["2026-02-01", 500],
      { day: "2026-02-01", heldCents: 300, mostCents: 300 },
    ],
    [
      "dated before a later disbursement that already spent the money",
      [day("2026-01-01", 1000)],
      [day("2026-04-01", 800)],
      ["2026-02-01", 500],
      // On its own day the fund held 1000, but from 1 April only 200 is left.
      { day: "2026-04-01", heldCents: 200, mostCents: 200 },
    ],
    [
      "a later gift covers a later disbursement, not an earlier one",
      [day("2026-01-01", 1000), day("2026-05-01", 2000)],
      [day("2026-04-01", 800), day("2026-06-01", 2000)],
      ["2026-02-01", 300],
      { day: "2026-04-01", heldCents: 200, mostCents: 200 },
    ],
    [
      "short only after a later low point, which limits the most it could be",
      [day("2026-01-01", 1000), day("2026-03-01", 500)],
      [day("2026-02-01", 900), day("2026-04-01", 500)],
      ["2026-01-10", 200],
      { day: "2026-02-01", heldCents: 100, mostCents: 100 },
    ],
    [
      "short nowhere once the later gifts are in",
      [day("2026-01-01", 1000), day("2026-03-01", 500)],
      [day("2026-02-01", 900)],
      ["2026-03-10", 600],
      null,
    ],
    ["a day with a time is the same day", [day("2026-01-01T22:00:00.000Z", 1000)], [], ["2026-01-01", 1000], null],
  ];

  it.each(cases)("%s", (_case, received, disbursed, [on, cents], expected) => {
    expect(shortfallOf(received, disbursed, on, cents)).toEqual(expected);
  });

  it("leaves its inputs alone", () => {
    const received = [day("2026-03-01", 500), day("2026-01-01", 1000)];
    const disbursed = [day("2026-02-01", 200)];
    const copies = structuredClone([received, disbursed]);
    shortfallOf(received, disbursed, "2026-01-15", 5000);
    expect([received, disbursed]).toEqual(copies);
  });
});
