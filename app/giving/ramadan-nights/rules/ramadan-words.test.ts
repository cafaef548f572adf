import { describe, expect, it } from "vitest";
import {
  chargeHourWords,
  chargeTimeWords,
  eveningWords,
  hijriNightWords,
  nightAndEveningWords,
  nightName,
  thirtyDaysWords,
  tonightWords,
} from "./ramadan-words";

// Ramadan 1448 by the calculation: the first night begins on the evening of 2027-02-07.
const FIRST_NIGHT = "2027-02-07";

describe("the words of the nights of Ramadan", () => {
  it("names a night by its number, its evening and its Hijri day", () => {
    expect(nightName(21)).toBe("21st night");
    expect(nightName(23)).toBe("23rd night");
    expect(nightName(11)).toBe("11th night");
    expect(eveningWords("2027-03-04")).toBe("Thursday 4 March 2027");
    expect(hijriNightWords(27, 1448)).toBe("27 Ramadan 1448 AH");
    expect(nightAndEveningWords(21, "2027-02-27")).toBe(
      "the 21st night, beginning on the evening of Saturday 27 February 2027",
    );
    expect(thirtyDaysWords(30)).toBe("Only if Ramadan has thirty days");
    expect(thirtyDaysWords(29)).toBeNull();
  });

  it("says which night tonight is, and when the month begins or ended", () => {
    expect(tonightWords("2027-03-01", FIRST_NIGHT, true)).toBe(
      "Tonight is the 23rd night, beginning this evening, Monday 1 March 2027.",
    );
    expect(tonightWords(FIRST_NIGHT, FIRST_NIGHT, true)).toBe(
      "Tonight is the 1st night, beginning this evening, Sunday 7 February 2027.",
    );
    // After midnight, tonight is still the night that began the evening before.
    expect(tonightWords("2027-03-01", FIRST_NIGHT, true, "2027-03-02")).toBe(
      "Tonight is the 23rd night, which began on the evening of Monday 1 March 2027.",
    );
    expect(tonightWords("2026-11-25", FIRST_NIGHT, false)).toBe(
      "Ramadan has not begun: the first night begins on the evening of Sunday 7 February 2027 (proposed, not yet confirmed).",
    );
    expect(tonightWords("2027-03-10", FIRST_NIGHT, true)).toBe(
      "This Ramadan's nights have ended: the first night began on the evening of Sunday 7 February 2027.",
    );
  });

  it("writes the charge hour as it is read", () => {
    expect([0, 9, 12, 20, 23].map(chargeHourWords)).toEqual(["midnight", "9 am", "noon", "8 pm", "11 pm"]);
    expect(chargeTimeWords(20, "Europe/London")).toBe("8 pm (Europe/London time)");
    expect(chargeTimeWords(0, "America/New_York")).toBe("midnight (America/New York time)");
  });
});
