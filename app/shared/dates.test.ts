import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("dates for staff", () => {
  it("shows the day where the foundation is", () => {
    expect(formatDate("2026-11-24T23:30:00.000Z", "UTC")).toBe("Nov 24, 2026");
    expect(formatDate("2026-11-24T23:30:00.000Z", "Asia/Karachi")).toBe("Nov 25, 2026");
  });

  it("adds the time where the hour matters", () => {
    expect(formatDateTime("2026-11-24T23:30:00.000Z", "Asia/Karachi")).toBe("Nov 25, 2026, 4:30 AM");
    expect(formatDateTime(null, "UTC")).toBe("—");
  });
});
