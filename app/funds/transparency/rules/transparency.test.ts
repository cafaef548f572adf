import { describe, expect, it } from "vitest";
import { buildTransparencyFigures, withinLunarYearPercent, yearIn, type ReportInput } from "./transparency";

const FUNDS: ReportInput["funds"] = [
  { id: 1, name: "Sadaqa", kind: "general" },
  { id: 2, name: "Zakat al-Mal", kind: "zakat" },
  { id: 3, name: "Zakat al-Fitr", kind: "zakat" },
  { id: 4, name: "Fidya", kind: "obligation" },
  { id: 5, name: "Orphan Care", kind: "restricted" },
  { id: 6, name: "Old Appeal", kind: "restricted" },
];

// 1 Muharram 1448 AH is 2026-06-16: the gifts fall on both sides of it.
const INPUT: Omit<ReportInput, "calendar" | "year"> = {
  funds: FUNDS,
  today: "2026-11-25",
  received: [
    { fundId: 1, day: "2026-01-10", cents: 5_000 },
    { fundId: 2, day: "2025-12-01", cents: 10_000 },
    { fundId: 2, day: "2026-06-15", cents: 20_000 },
    { fundId: 2, day: "2026-06-16", cents: 40_000 },
    { fundId: 3, day: "2026-03-15", cents: 3_000 },
    { fundId: 5, day: "2026-07-01", cents: 7_000 },
  ],
  disbursed: [
    { fundId: 1, category: null, day: "2026-02-01", cents: 1_000 },
    { fundId: 2, category: "masakin", day: "2026-03-01", cents: 8_000 },
    { fundId: 2, category: "gharimin", day: "2026-08-01", cents: 5_000 },
    { fundId: 3, category: "fuqara", day: "2026-03-18", cents: 3_000 },
    // A category on a Sadaqa fund is never Zakat's.
    { fundId: 5, category: "fuqara", day: "2026-08-01", cents: 2_000 },
  ],
};

const figuresOf = (calendar: ReportInput["calendar"], year: number | null) =>
  buildTransparencyFigures({ ...INPUT, calendar, year });
const byName = (figures: ReturnType<typeof figuresOf>) =>
  Object.fromEntries(
    figures.funds.map((item) => [item.fund.name, [item.receivedCents, item.distributedCents, item.heldCents]]),
  );

describe("buildTransparencyFigures", () => {
  it.each([
    [
      "all years",
      "hijri",
      null,
      {
        Sadaqa: [5_000, 1_000, 4_000],
        "Zakat al-Mal": [70_000, 13_000, 57_000],
        "Zakat al-Fitr": [3_000, 3_000, 0],
        Fidya: [0, 0, 0],
        "Orphan Care": [7_000, 2_000, 5_000],
      },
    ],
    [
      "1447 AH: what came and went that year, and what was held at its end",
      "hijri",
      1447,
      {
        Sadaqa: [5_000, 1_000, 4_000],
        "Zakat al-Mal": [30_000, 8_000, 22_000],
        "Zakat al-Fitr": [3_000, 3_000, 0],
        Fidya: [0, 0, 0],
      },
    ],
    [
      "1448 AH",
      "hijri",
      1448,
      {
        Sadaqa: [0, 0, 4_000],
        "Zakat al-Mal": [40_000, 5_000, 57_000],
        "Zakat al-Fitr": [0, 0, 0],
        Fidya: [0, 0, 0],
        "Orphan Care": [7_000, 2_000, 5_000],
      },
    ],
    ["2025", "gregorian", 2025, { "Zakat al-Mal": [10_000, 0, 10_000], "Zakat al-Fitr": [0, 0, 0], Fidya: [0, 0, 0] }],
  ] as const)(
    "per fund, %s; obligation funds always shown, others only with figures",
    (_case, calendar, year, expected) => {
      expect(byName(figuresOf(calendar, year))).toEqual(expected);
    },
  );

  it("lists the years with a gift or a disbursement, newest first, in the calendar asked for", () => {
    expect(figuresOf("hijri", null).years).toEqual([1448, 1447]);
    expect(figuresOf("gregorian", null).years).toEqual([2026, 2025]);
  });

  it("gives Zakat by the eight categories, from the Zakat funds alone", () => {
    const categories = Object.fromEntries(
      figuresOf("hijri", null).zakatByCategory.map((item) => [item.key, item.cents]),
    );
    expect(categories).toEqual({
      fuqara: 3_000,
      masakin: 8_000,
      amilin: 0,
      muallafah: 0,
      riqab: 0,
      gharimin: 5_000,
      "fi-sabilillah": 0,
      "ibn-al-sabil": 0,
    });
    expect(figuresOf("hijri", 1448).zakatByCategory.find((item) => item.key === "gharimin")).toMatchObject({
      english: "debtors",
      arabic: "al-gharimin",
      cents: 5_000,
    });
  });

  it.each([
    [
      "hijri",
      [
        // Nothing reaches 2026-06-16's Zakat while older Zakat waits.
        { year: 1448, receivedCents: 40_000, distributedCents: 0, withinLunarYearCents: 0, stillOpen: true },
        // 2025-12-01: 8,000 on 2026-03-01 and 2,000 on 2026-08-01; 2026-06-15: the other 3,000; Fitr all on 2026-03-18.
        { year: 1447, receivedCents: 33_000, distributedCents: 16_000, withinLunarYearCents: 16_000, stillOpen: true },
      ],
    ],
    [
      "gregorian",
      [
        { year: 2026, receivedCents: 63_000, distributedCents: 6_000, withinLunarYearCents: 6_000, stillOpen: true },
        { year: 2025, receivedCents: 10_000, distributedCents: 10_000, withinLunarYearCents: 10_000, stillOpen: false },
      ],
    ],
  ] as const)("matches each Zakat fund oldest first, per year of receipt (%s)", (calendar, years) => {
    expect(figuresOf(calendar, null).zakatYears).toEqual(years);
  });
});

describe("a Zakat disbursement dated before the gifts it could spend", () => {
  // A ledger kept before entries were checked against the day's balance: $200 dated
  // 1 February 2026, before any of the fund's Zakat had come in (1 March).
  const figures = buildTransparencyFigures({
    funds: FUNDS,
    today: "2026-11-25",
    received: [{ fundId: 2, day: "2026-03-01", cents: 50_000 }],
    disbursed: [
      { fundId: 2, category: "fuqara", day: "2026-02-01", cents: 20_000 },
      { fundId: 2, category: "masakin", day: "2026-04-01", cents: 10_000 },
    ],
    calendar: "gregorian",
    year: null,
  });

  it("does not count it against the later Zakat, nor as given within its lunar year", () => {
    expect(figures.zakatYears).toEqual([
      { year: 2026, receivedCents: 50_000, distributedCents: 10_000, withinLunarYearCents: 10_000, stillOpen: true },
    ]);
  });

  it("still counts it in what the fund gave out, by its category", () => {
    expect(byName(figures)["Zakat al-Mal"]).toEqual([50_000, 30_000, 20_000]);
    expect(figures.zakatByCategory.find((item) => item.key === "fuqara")?.cents).toBe(20_000);
  });
});

describe("withinLunarYearPercent", () => {
  it.each([
    [0, 0, 0],
    [1000, 0, 0],
    [1000, 1000, 100],
    [1000, 996, 99],
    [3, 1, 33],
    [1500, 1100, 73],
  ])("of %i received, %i within the year is %i %%", (receivedCents, withinLunarYearCents, percent) => {
    expect(withinLunarYearPercent({ receivedCents, withinLunarYearCents })).toBe(percent);
  });
});

describe("yearIn", () => {
  it.each([
    ["hijri", "2026-06-15", 1447],
    ["hijri", "2026-06-16", 1448],
    ["gregorian", "2026-06-16", 2026],
    ["gregorian", "2025-12-31", 2025],
  ] as const)("%s year of %s is %i", (calendar, day, year) => {
    expect(yearIn(calendar, day)).toBe(year);
  });
});
