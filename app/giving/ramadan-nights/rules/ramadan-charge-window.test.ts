import { describe, expect, it } from "vitest";
import {
  chargeWindow,
  confirmedFirstNightFor,
  isPlausibleFirstNight,
  isRehearsableFirstNight,
  nightAttemptKey,
  nightTiming,
  ramadanYearOn,
  retryAt,
  tonightsEvening,
} from "./ramadan-charge-window";

const at = (iso: string) => new Date(iso);

describe("when a night of Ramadan is charged", () => {
  it("opens at the staff's hour on its evening and closes at 05:00 the next morning, in the foundation's time zone", () => {
    expect(chargeWindow("2027-02-27", 20, "UTC")).toEqual({
      opensAt: at("2027-02-27T20:00:00Z"),
      closesAt: at("2027-02-28T05:00:00Z"),
    });
    // New York is five hours behind UTC in February.
    expect(chargeWindow("2027-02-27", 20, "America/New_York")).toEqual({
      opensAt: at("2027-02-28T01:00:00Z"),
      closesAt: at("2027-02-28T10:00:00Z"),
    });
    // Karachi is five hours ahead.
    expect(chargeWindow("2027-02-27", 21, "Asia/Karachi")).toEqual({
      opensAt: at("2027-02-27T16:00:00Z"),
      closesAt: at("2027-02-28T00:00:00Z"),
    });
  });

  it("reads an hour after midnight as that hour of the night itself, the morning after its evening", () => {
    expect(chargeWindow("2027-02-27", 2, "UTC")).toEqual({
      opensAt: at("2027-02-28T02:00:00Z"),
      closesAt: at("2027-02-28T05:00:00Z"),
    });
  });

  it.each([
    ["2027-02-27T19:59:59Z", "before"],
    ["2027-02-27T20:00:00Z", "open"],
    ["2027-02-28T04:59:59Z", "open"],
    ["2027-02-28T05:00:00Z", "closed"],
    ["2027-03-01T21:00:00Z", "closed"],
  ] as const)("at %s the night of 2027-02-27 is %s", (now, timing) => {
    expect(nightTiming("2027-02-27", 20, "UTC", at(now))).toBe(timing);
  });

  it("calls tonight the night beginning this evening, or before 05:00 the night still under way", () => {
    expect(tonightsEvening(at("2027-02-27T12:00:00Z"), "UTC")).toBe("2027-02-27");
    expect(tonightsEvening(at("2027-02-28T04:30:00Z"), "UTC")).toBe("2027-02-27");
    expect(tonightsEvening(at("2027-02-28T05:00:00Z"), "UTC")).toBe("2027-02-28");
    // 02:00 UTC is still the evening before in New York (21:00).
    expect(tonightsEvening(at("2027-02-28T02:00:00Z"), "America/New_York")).toBe("2027-02-27");
  });

  it("retries a failed night an hour later, if its night lasts that long", () => {
    expect(retryAt(at("2027-02-27T20:00:00Z"), "2027-02-27", 20, "UTC")).toEqual(at("2027-02-27T21:00:00Z"));
    expect(retryAt(at("2027-02-28T03:59:00Z"), "2027-02-27", 20, "UTC")).toEqual(at("2027-02-28T04:59:00Z"));
    expect(retryAt(at("2027-02-28T04:00:00Z"), "2027-02-27", 20, "UTC")).toBeNull();
  });

  it("gives each attempt its own idempotency key", () => {
    expect(nightAttemptKey("cs_test_1", 21, 1)).toBe("ramadan-cs_test_1-night-21-attempt-1");
    expect(nightAttemptKey("cs_test_1", 21, 2)).not.toBe(nightAttemptKey("cs_test_1", 21, 1));
    // Another schedule (another site's database on the same account) never shares a key.
    expect(nightAttemptKey("cs_test_2", 21, 1)).not.toBe(nightAttemptKey("cs_test_1", 21, 1));
  });
});

describe("the first night staff confirm", () => {
  it("belongs to the Ramadan under way or coming next", () => {
    expect(ramadanYearOn("2026-11-25")).toBe(1448);
    expect(ramadanYearOn("2027-02-20")).toBe(1448);
    // After Eid al-Fitr (1 Shawwal 1448 is 2027-03-09 by the calculation), next year's.
    expect(ramadanYearOn("2027-03-09")).toBe(1449);
  });

  it.each([
    ["2027-02-07", true],
    ["2027-02-08", true],
    ["2027-02-04", true],
    ["2027-02-11", false],
    ["2027-01-20", false],
    ["2026-07-01", false],
  ])("%s is a plausible first night: %s", (evening, plausible) => {
    expect(isPlausibleFirstNight(evening)).toBe(plausible);
  });

  it("counts only for its own year: last year's confirmation is no longer this year's", () => {
    expect(confirmedFirstNightFor("2027-02-08", 1448)).toBe("2027-02-08");
    expect(confirmedFirstNightFor("2026-02-17", 1448)).toBeNull();
    expect(confirmedFirstNightFor("", 1448)).toBeNull();
    expect(confirmedFirstNightFor(undefined, 1448)).toBeNull();
  });
});

describe("isRehearsableFirstNight", () => {
  it.each([
    ["2026-11-16", true], // twenty evenings ago: tonight is the 21st night
    ["2026-11-07", true], // 29 evenings ago: tonight is the 30th night
    ["2026-11-06", false], // its thirty nights are over
    ["2027-12-07", true], // a year ahead
    ["2027-12-08", false],
    ["1990-01-01", false],
  ])("on 2026-12-06 takes %s: %s", (evening, rehearsable) => {
    expect(isRehearsableFirstNight(evening, "2026-12-06")).toBe(rehearsable);
  });
});
