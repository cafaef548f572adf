import { describe, expect, it } from "vitest";
import { ramadanNights } from "./ramadan-nights";
import { nightsStillToGive } from "./ramadan-nights-to-give";

const FIRST_NIGHT = "2027-02-07";
const nights = ramadanNights({ plan: "last-ten", perNightCents: 1000, doubleOddNights: false }, FIRST_NIGHT);

describe("the nights still to give", () => {
  it("are every night before Ramadan begins", () => {
    expect(nightsStillToGive(nights, new Date("2027-01-01T12:00:00Z"), 20, "UTC")).toHaveLength(10);
  });

  it("begin with tonight's night when a donor starts during Ramadan, until the morning's cut-off", () => {
    // The 28th night begins on the evening of 2027-03-06.
    const fromEvening = nightsStillToGive(nights, new Date("2027-03-06T10:00:00Z"), 20, "UTC");
    expect(fromEvening.map((night) => night.night)).toEqual([28, 29, 30]);
    // At 04:59 the next morning the 28th night is still under way; at 05:00 it is over.
    expect(nightsStillToGive(nights, new Date("2027-03-07T04:59:00Z"), 20, "UTC")[0]?.night).toBe(28);
    expect(nightsStillToGive(nights, new Date("2027-03-07T05:00:00Z"), 20, "UTC")[0]?.night).toBe(29);
  });

  it("are none once the last night is over", () => {
    expect(nightsStillToGive(nights, new Date("2027-03-09T06:00:00Z"), 20, "UTC")).toEqual([]);
  });
});
