import { describe, expect, it } from "vitest";
import { appealPhase, isListedAsLive, whyNoGifts, type AppealPhase } from "./phase";

const appeal = (
  status: "draft" | "live" | "closed",
  starts_on = "2025-03-01",
  ends_on: string | null = "2025-03-30",
) => ({ status, starts_on, ends_on });

describe("where an appeal stands on a day", () => {
  it("a live appeal is upcoming before its first day, open from its first to its last day, ended after", () => {
    const live = appeal("live");
    expect(appealPhase(live, "2025-02-28")).toBe("upcoming");
    expect(appealPhase(live, "2025-03-01")).toBe("open");
    expect(appealPhase(live, "2025-03-15")).toBe("open");
    expect(appealPhase(live, "2025-03-30")).toBe("open");
    expect(appealPhase(live, "2025-03-31")).toBe("ended");
  });

  it("a live appeal without an end stays open", () => {
    expect(appealPhase(appeal("live", "2025-03-01", null), "2099-12-31")).toBe("open");
    expect(appealPhase(appeal("live", "2025-03-01", null), "2025-02-01")).toBe("upcoming");
  });

  it("a one-day appeal is open on that day only", () => {
    const oneDay = appeal("live", "2025-03-01", "2025-03-01");
    expect(["2025-02-28", "2025-03-01", "2025-03-02"].map((day) => appealPhase(oneDay, day))).toEqual([
      "upcoming",
      "open",
      "ended",
    ]);
  });

  it("a draft and a closed appeal are so whatever the day", () => {
    for (const day of ["2025-02-01", "2025-03-15", "2025-04-01"]) {
      expect(appealPhase(appeal("draft"), day)).toBe("draft");
      expect(appealPhase(appeal("closed"), day)).toBe("closed");
    }
  });
});

describe("what the public lists, and why an appeal takes no gift", () => {
  it("lists open and upcoming appeals as live, the rest in the archive", () => {
    const phases: AppealPhase[] = ["draft", "upcoming", "open", "ended", "closed"];
    expect(phases.filter(isListedAsLive)).toEqual(["upcoming", "open"]);
  });

  it("only an open appeal takes gifts; the others say why, naming the appeal unless it is a draft", () => {
    expect(whyNoGifts("Build a Well", "open", "2025-03-01")).toBeNull();
    expect(whyNoGifts("Build a Well", "upcoming", "2025-03-01")).toBe(
      "The appeal “Build a Well” opens for gifts on March 1, 2025.",
    );
    expect(whyNoGifts("Build a Well", "draft", "2025-03-01")).toBe("This appeal is not open for gifts.");
    for (const phase of ["ended", "closed"] as const) {
      expect(whyNoGifts("Build a Well", phase, "2025-03-01")).toMatch(
        /^The appeal “Build a Well” has closed and no longer takes gifts\./,
      );
    }
  });
});
