import { describe, expect, it } from "vitest";
import { hijriDateOf } from "~/shared/hijri";
import {
  isOddNightOfLastTen,
  nightBeginningOn,
  nightIsInRamadan,
  proposedFirstNight,
  ramadanNights,
  ramadanTotal,
} from "./ramadan-nights";

// Ramadan 1448 by the calculation: the first fast on 2027-02-08, so the first night's evening is 2027-02-07.
const FIRST_NIGHT = "2027-02-07";

describe("the nights of Ramadan", () => {
  it("proposes the first night as the evening before 1 Ramadan", () => {
    expect(proposedFirstNight(1448)).toBe(FIRST_NIGHT);
    expect(hijriDateOf("2027-02-08")).toEqual({ year: 1448, month: 9, day: 1 });
    expect(proposedFirstNight(1447)).toBe("2026-02-17");
  });

  it("gives the last ten nights from the evening of the 20th day, the 30th only if the month has it", () => {
    const nights = ramadanNights({ plan: "last-ten", perNightCents: 1000, doubleOddNights: false }, FIRST_NIGHT);
    expect(nights.map((night) => night.night)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    // The 21st night begins at sunset on the 20th day of fasting (2027-02-27).
    expect(nights[0]).toEqual({
      night: 21,
      evening: "2027-02-27",
      amountCents: 1000,
      doubled: false,
      onlyIfThirtyDays: false,
    });
    expect(nights.at(-1)).toMatchObject({ night: 30, evening: "2027-03-08", onlyIfThirtyDays: true });
    expect(ramadanTotal(nights)).toEqual({ twentyNineDaysCents: 9000, thirtyDaysCents: 10_000 });
  });

  it("doubles the odd nights of the last ten when asked, and only those", () => {
    expect([19, 20, 21, 22, 23, 25, 27, 29, 30].filter(isOddNightOfLastTen)).toEqual([21, 23, 25, 27, 29]);
    const nights = ramadanNights({ plan: "all-thirty", perNightCents: 500, doubleOddNights: true }, FIRST_NIGHT);
    expect(nights).toHaveLength(30);
    expect(nights.filter((night) => night.doubled).map((night) => night.night)).toEqual([21, 23, 25, 27, 29]);
    expect(nights.find((night) => night.night === 1)).toMatchObject({ evening: FIRST_NIGHT, amountCents: 500 });
    expect(nights.find((night) => night.night === 27)).toMatchObject({ amountCents: 1000, doubled: true });
    // 30 nights at $5, five of them doubled: $175; without the 30th: $170.
    expect(ramadanTotal(nights)).toEqual({ twentyNineDaysCents: 17_000, thirtyDaysCents: 17_500 });
  });

  it("knows tonight's night: the one that begins this evening", () => {
    expect(nightBeginningOn("2027-02-06", FIRST_NIGHT)).toBeNull();
    expect(nightBeginningOn(FIRST_NIGHT, FIRST_NIGHT)).toBe(1);
    expect(nightBeginningOn("2027-02-27", FIRST_NIGHT)).toBe(21);
    expect(nightBeginningOn("2027-03-08", FIRST_NIGHT)).toBe(30);
    expect(nightBeginningOn("2027-03-09", FIRST_NIGHT)).toBeNull();
  });

  it("has a 30th night only when Eid comes after thirty days of fasting", () => {
    // Thirty fasts (2027-02-08 to 2027-03-09): Eid on 2027-03-10, and the 30th night is the evening of 2027-03-08.
    expect(nightIsInRamadan(30, FIRST_NIGHT, "2027-03-10")).toBe(true);
    // Twenty-nine fasts: Eid on 2027-03-09; the evening of 2027-03-08 is the night of Eid.
    expect(nightIsInRamadan(30, FIRST_NIGHT, "2027-03-09")).toBe(false);
    expect(nightIsInRamadan(30, FIRST_NIGHT, null)).toBeNull();
    expect(nightIsInRamadan(29, FIRST_NIGHT, null)).toBe(true);
    expect(nightIsInRamadan(0, FIRST_NIGHT, null)).toBe(false);
    expect(nightIsInRamadan(31, FIRST_NIGHT, "2027-03-10")).toBe(false);
  });
});
