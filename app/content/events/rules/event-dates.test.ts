import { describe, expect, it } from "vitest";
import { eventDay, eventTiming, formatEventDate } from "./event-dates";

describe("event dates", () => {
  it("compares by calendar day: today, upcoming or past", () => {
    expect(eventTiming("2026-11-23", "2026-11-23")).toBe("today");
    expect(eventTiming("2026-11-23T19:30", "2026-11-23")).toBe("today");
    expect(eventTiming("2026-11-24", "2026-11-23")).toBe("upcoming");
    expect(eventTiming("2026-11-22T23:59", "2026-11-23")).toBe("past");
    expect(eventDay("2026-12-14T18:30:00")).toBe("2026-12-14");
  });

  it("reads in long form, with the time when there is one, whatever the server's zone", () => {
    expect(formatEventDate("2026-12-14")).toBe("Monday, December 14, 2026");
    expect(formatEventDate("2026-12-14T18:30")).toBe("Monday, December 14, 2026 at 6:30 PM");
    expect(formatEventDate("not a date")).toBe("not a date");
  });
});
