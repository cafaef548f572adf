import { describe, expect, it } from "vitest";
import { escapeText, eventCalendar, fold, zonedTimeToUtc } from "./calendar";

const entry = {
  uid: "event-7@give.example.org",
  title: "Community Iftar; all welcome",
  description: "Break your fast with us,\nand bring a friend.",
  location: "Community Centre, 123 Charity Lane",
  url: "https://give.example.org/events/7",
  timeZone: "Europe/London",
  stamp: new Date("2026-11-01T10:00:00Z"),
};

describe("eventCalendar", () => {
  it("writes an all-day event with CRLF lines and escaped text", () => {
    const ics = eventCalendar({ ...entry, date: "2026-12-14" });
    expect(ics.endsWith("\r\n")).toBe(true);
    const lines = ics.split("\r\n");
    expect(lines).toContain("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("UID:event-7@give.example.org");
    expect(lines).toContain("DTSTAMP:20261101T100000Z");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261214");
    expect(lines).toContain("DTEND;VALUE=DATE:20261215");
    expect(lines).toContain("SUMMARY:Community Iftar\\; all welcome");
    expect(lines).toContain("LOCATION:Community Centre\\, 123 Charity Lane");
    expect(ics).toContain("DESCRIPTION:Break your fast with us\\,\\nand bring a friend.");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("writes a timed event in UTC from the foundation's local time, two hours long", () => {
    // 18:30 in London in December is 18:30 UTC; in June (summer time) it is 17:30 UTC.
    expect(eventCalendar({ ...entry, date: "2026-12-14T18:30" })).toContain(
      "DTSTART:20261214T183000Z\r\nDTEND:20261214T203000Z",
    );
    expect(eventCalendar({ ...entry, date: "2026-06-14T18:30" })).toContain("DTSTART:20260614T173000Z");
    expect(eventCalendar({ ...entry, date: "2026-12-31T23:00", timeZone: "America/New_York" })).toContain(
      "DTSTART:20270101T040000Z",
    );
  });
});

describe("iCalendar text rules", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const folded = fold(`DESCRIPTION:${"é".repeat(60)}`);
    const lines = folded.split("\r\n ");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.join("")).toBe(`DESCRIPTION:${"é".repeat(60)}`);
  });

  it("finds the UTC moment of a local time across daylight saving", () => {
    expect(zonedTimeToUtc(2026, 3, 29, 12, 0, "Europe/London").toISOString()).toBe("2026-03-29T11:00:00.000Z");
    expect(zonedTimeToUtc(2026, 1, 15, 9, 0, "Asia/Karachi").toISOString()).toBe("2026-01-15T04:00:00.000Z");
  });
});
