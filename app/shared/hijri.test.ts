import { describe, expect, it } from "vitest";
import {
  addDays,
  calculatedEidAlFitr,
  daysBetween,
  formatBothCalendars,
  formatHijri,
  gregorianDayOf,
  hijriDateOf,
  hijriYearOf,
} from "./hijri";

describe("the Hijri calendar (Umm al-Qura)", () => {
  it("reads a day in both calendars", () => {
    expect(hijriDateOf("2026-11-25")).toEqual({ year: 1448, month: 6, day: 15 });
    expect(formatHijri("2026-11-25")).toBe("15 Jumada II 1448 AH");
    expect(formatHijri("2026-11-25T23:59:59.000Z")).toBe("15 Jumada II 1448 AH");
    expect(formatBothCalendars("2027-03-09")).toBe("March 9, 2027 (1 Shawwal 1448 AH)");
  });

  it("finds the year a day falls in across a year boundary", () => {
    // 1 Muharram 1448 is 2026-06-16 by the calculation.
    expect(gregorianDayOf({ year: 1448, month: 1, day: 1 })).toBe("2026-06-16");
    expect(hijriYearOf("2026-06-15")).toBe(1447);
    expect(hijriYearOf("2026-06-16")).toBe(1448);
  });

  it("computes Eid al-Fitr as 1 Shawwal", () => {
    expect(calculatedEidAlFitr(1447)).toBe("2026-03-20");
    expect(calculatedEidAlFitr(1448)).toBe("2027-03-09");
  });

  it("counts days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysBetween("2026-01-01", "2026-12-21")).toBe(354);
    expect(daysBetween("2026-03-01", "2026-02-01")).toBe(-28);
  });
});
