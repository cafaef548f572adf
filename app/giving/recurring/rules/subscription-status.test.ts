import { describe, expect, it } from "vitest";
import { canPause, canResume, isCancelable, isChangeable, shownStatus } from "./subscription-status";

describe("a recurring gift's status", () => {
  it("is shown as paused while an active gift's charges are skipped, else as the provider says", () => {
    expect(shownStatus("active", true)).toBe("paused");
    expect(shownStatus("active", false)).toBe("active");
    expect(shownStatus("past_due", true)).toBe("past_due");
    expect(shownStatus("canceled", false)).toBe("canceled");
  });

  it("lets a paused gift be resumed, changed and canceled, as stored (active) or as shown (paused)", () => {
    for (const status of ["active", "paused"]) {
      const paused = { status, stripe_subscription_id: "sub_1", resumes_at: "2027-01-31T12:00:00.000Z" };
      expect([isChangeable(paused), canResume(paused), canPause(paused), isCancelable(status)]).toEqual([
        true,
        true,
        false,
        true,
      ]);
    }
    expect(isChangeable({ status: "past_due", stripe_subscription_id: "sub_1" })).toBe(false);
    expect(isCancelable("canceled")).toBe(false);
  });
});
