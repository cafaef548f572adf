import { describe, expect, it } from "vitest";
import {
  failedChargeMail,
  lostGiftMail,
  nextTryWords,
  pastDueWords,
  recoveredChargeMail,
  startAgainUrl,
  troubleOutcome,
} from "./payment-troubles";

const GIFT = { donorName: "Maryam", interval: "month" as const, amountCents: 5000, purpose: "Zakat", isTest: false };

describe("a failed charge's words", () => {
  it("says where a failed charge stands: lost before recovered before failed", () => {
    expect(troubleOutcome({ recovered_at: null, lost_at: null })).toBe("failed");
    expect(troubleOutcome({ recovered_at: "2026-12-04T00:00:00Z", lost_at: null })).toBe("recovered");
    expect(troubleOutcome({ recovered_at: null, lost_at: "2026-12-20T00:00:00Z" })).toBe("lost");
  });

  it("names the next try in the site's time zone, or that there is none", () => {
    expect(pastDueWords("2026-12-03T12:00:00Z", "UTC")).toBe("Past due · next try Dec 3, 2026");
    expect(nextTryWords("2026-12-03T02:00:00Z", "America/New_York")).toBe("next try Dec 2, 2026");
    expect(pastDueWords(null, "UTC")).toBe("Past due · no more tries");
  });

  it("fills in the donate form with the same gift to start again", () => {
    expect(startAgainUrl("https://charity.example", GIFT)).toBe(
      "https://charity.example/donate?amount=50&frequency=Monthly&purpose=Zakat",
    );
    expect(startAgainUrl("", { amountCents: 1250, interval: "year", purpose: "Emergency Relief" })).toBe(
      "/donate?amount=12.5&frequency=Annually&purpose=Emergency+Relief",
    );
  });

  it("asks for the card with the next try, or without one once the provider stopped; test gifts say so", () => {
    const mail = failedChargeMail(
      GIFT,
      { failedAt: "2026-12-01T09:00:00Z", nextRetryAt: "2026-12-04T09:00:00Z", cardUrl: "https://x/update-card/t" },
      "UTC",
      "Al-Amanah",
    );
    expect(mail.subject).toBe("Your monthly gift did not go through");
    expect(mail.paragraphs.join(" ")).toContain("We will try the card again on Dec 4, 2026.");
    expect(mail.action).toEqual({ label: "Update my card", url: "https://x/update-card/t" });
    const last = failedChargeMail(
      { ...GIFT, isTest: true },
      { failedAt: "2026-12-01T09:00:00Z", nextRetryAt: null, cardUrl: "u" },
      "UTC",
      "Al-Amanah",
    );
    expect(last.subject).toBe("[Test] Your monthly gift did not go through");
    expect(last.paragraphs.join(" ")).toContain("will not try this card again");
    expect(last.paragraphs.at(-1)).toBe("This is a test gift: no money moves.");
  });

  it("thanks briefly, and offers to start again without pressing", () => {
    expect(recoveredChargeMail(GIFT, "2026-12-04T09:00:00Z", "UTC", "Al-Amanah").paragraphs[0]).toBe(
      "Your monthly gift of $50 for Zakat went through on Dec 4, 2026. Thank you for putting it right: there is nothing more to do.",
    );
    const lost = lostGiftMail({ ...GIFT, interval: "year" }, "https://x/donate?amount=50", "Al-Amanah");
    expect(lost.subject).toBe("Your yearly gift has stopped");
    expect(lost.action).toEqual({ label: "Start my gift again", url: "https://x/donate?amount=50" });
  });
});
