import { describe, expect, it } from "vitest";
import { daysBetween, hijriDateOf } from "~/shared/hijri";
import { REMINDER_DAYS_BEFORE, zakatDueAgainOn, zakatDueInHijriYear, zakatReminderOn } from "./zakat-reminder";

describe("when Zakat is due again", () => {
  it.each([
    // calculated on, its Hijri date, due again on, reminded on
    ["2026-11-25", "15 Jumada II 1448", "2027-11-14", "2027-11-04"],
    // Across the Hijri new year: the last day of 1447, then the first of 1448.
    ["2026-06-15", "29 Dhu al-Hijjah 1447", "2027-06-04", "2027-05-25"],
    ["2026-06-16", "1 Muharram 1448", "2027-06-06", "2027-05-27"],
    // The 30th of a month that has 29 days the next year: its last day, not the month after.
    ["2027-06-05", "30 Dhu al-Hijjah 1448", "2028-05-24", "2028-05-14"],
    ["2026-03-19", "30 Ramadan 1447", "2027-03-08", "2027-02-26"],
    ["2025-07-25", "30 Muharram 1447", "2026-07-14", "2026-07-04"],
    ["2026-02-18", "1 Ramadan 1447", "2027-02-08", "2027-01-29"],
  ])("calculated on %s (%s): due on %s, reminded on %s", (calculatedOn, _hijri, dueOn, remindedOn) => {
    expect(zakatDueAgainOn(calculatedOn)).toBe(dueOn);
    expect(zakatReminderOn(calculatedOn)).toBe(remindedOn);
  });

  it("is the same Hijri day and month of the next Hijri year, a lunar year later", () => {
    for (const calculatedOn of ["2026-01-01", "2026-04-30", "2026-09-09", "2026-12-31", "2027-07-04"]) {
      const before = hijriDateOf(calculatedOn);
      const due = zakatDueAgainOn(calculatedOn);
      const after = hijriDateOf(due);
      expect(after.year).toBe(before.year + 1);
      expect(after.month).toBe(before.month);
      expect(before.day - after.day).toBeLessThanOrEqual(1);
      expect(daysBetween(calculatedOn, due)).toBeGreaterThanOrEqual(353);
      expect(daysBetween(calculatedOn, due)).toBeLessThanOrEqual(356);
      expect(daysBetween(zakatReminderOn(calculatedOn), due)).toBe(REMINDER_DAYS_BEFORE);
    }
  });
});

describe("when Zakat is due in a later Hijri year", () => {
  it("counts every year from the calculation's own day, so a 30th shortened to a 29th comes back as the 30th", () => {
    // Calculated on 30 Dhu al-Hijjah 1448: 1449 and 1450 have a 29th as their last day, 1451 a 30th.
    expect(zakatDueInHijriYear("2027-06-05", 1449)).toBe("2028-05-24");
    expect(zakatDueInHijriYear("2027-06-05", 1450)).toBe("2029-05-13");
    expect(zakatDueInHijriYear("2027-06-05", 1451)).toBe("2030-05-03");
    expect(hijriDateOf("2030-05-03")).toEqual({ year: 1451, month: 12, day: 30 });
    expect(zakatDueInHijriYear("2026-11-25", 1449)).toBe(zakatDueAgainOn("2026-11-25"));
  });
});
