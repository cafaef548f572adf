import { describe, expect, it } from "vitest";
import {
  isFitrLate,
  peopleFedForKaffarah,
  quoteObligation,
  type Obligation,
  type ObligationQuote,
} from "./obligations";

// $12 per person, $10 per day, $11 per person fed: different, so a mixed-up rate shows.
const RATES = { fitrPerPersonCents: 1200, fidyaPerDayCents: 1000, kaffarahPerPersonCents: 1100 };

describe("quoteObligation", () => {
  const cases: [string, Obligation, { fitrIsLate?: boolean; kaffarahPerFast?: boolean }, ObligationQuote][] = [
    [
      "Zakat al-Fitr for a household of 5 at $12",
      { kind: "fitr", people: 5 },
      {},
      { fundSlug: "zakat-al-fitr", amountCents: 6000, designation: "Zakat al-Fitr for 5 people", late: false },
    ],
    [
      "Zakat al-Fitr for one person",
      { kind: "fitr", people: 1 },
      {},
      { fundSlug: "zakat-al-fitr", amountCents: 1200, designation: "Zakat al-Fitr for 1 person", late: false },
    ],
    [
      "Zakat al-Fitr after the Eid prayer is Sadaqa",
      { kind: "fitr", people: 5 },
      { fitrIsLate: true },
      {
        fundSlug: "sadaqa",
        amountCents: 6000,
        designation: "Zakat al-Fitr for 5 people, given after Eid as Sadaqa",
        late: true,
      },
    ],
    [
      "Fidya for 30 days",
      { kind: "fidya", days: 30 },
      {},
      { fundSlug: "fidya", amountCents: 30_000, designation: "Fidya for 30 days", late: false },
    ],
    [
      "Fidya for one day",
      { kind: "fidya", days: 1 },
      {},
      { fundSlug: "fidya", amountCents: 1000, designation: "Fidya for 1 day", late: false },
    ],
    [
      "Kaffarah for 3 broken fasts, one for each fast",
      { kind: "kaffarah", reason: "fast", count: 3 },
      { kaffarahPerFast: true },
      {
        fundSlug: "kaffarah",
        amountCents: 180 * 1100,
        designation: "Kaffarah for 3 broken fasts (180 people fed)",
        late: false,
      },
    ],
    [
      "Kaffarah for 3 broken fasts of one Ramadan, where one covers them all",
      { kind: "kaffarah", reason: "fast", count: 3 },
      { kaffarahPerFast: false },
      {
        fundSlug: "kaffarah",
        amountCents: 60 * 1100,
        designation: "Kaffarah for 3 broken fasts (60 people fed)",
        late: false,
      },
    ],
    [
      "Kaffarah for a broken oath feeds 10",
      { kind: "kaffarah", reason: "oath", count: 1 },
      {},
      {
        fundSlug: "kaffarah",
        amountCents: 10 * 1100,
        designation: "Kaffarah for 1 broken oath (10 people fed)",
        late: false,
      },
    ],
    [
      "each broken oath has its own Kaffarah, whatever the fasts' rule",
      { kind: "kaffarah", reason: "oath", count: 2 },
      { kaffarahPerFast: false },
      {
        fundSlug: "kaffarah",
        amountCents: 20 * 1100,
        designation: "Kaffarah for 2 broken oaths (20 people fed)",
        late: false,
      },
    ],
    [
      "lateness is only Zakat al-Fitr's",
      { kind: "fidya", days: 2 },
      { fitrIsLate: true },
      { fundSlug: "fidya", amountCents: 2000, designation: "Fidya for 2 days", late: false },
    ],
  ];

  it.each(cases)("%s", (_case, obligation, options, quote) => {
    expect(quoteObligation(obligation, RATES, options)).toEqual(quote);
  });

  it("counts a broken fast one Kaffarah each unless told otherwise", () => {
    expect(quoteObligation({ kind: "kaffarah", reason: "fast", count: 2 }, RATES).amountCents).toBe(120 * 1100);
    expect(peopleFedForKaffarah("fast", 1, true)).toBe(60);
    expect(peopleFedForKaffarah("fast", 30, false)).toBe(60);
    expect(peopleFedForKaffarah("oath", 3, false)).toBe(30);
  });
});

describe("isFitrLate", () => {
  it.each([
    ["the day before Eid", "2026-03-19", false],
    ["the morning of Eid", "2026-03-20", true],
    ["after Eid", "2026-04-01", true],
    ["Ramadan's first day", "2026-02-18", false],
  ])("%s", (_case, today, late) => {
    expect(isFitrLate(today, "2026-03-20")).toBe(late);
  });
});
