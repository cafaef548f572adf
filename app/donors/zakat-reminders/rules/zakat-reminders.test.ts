import { describe, expect, it } from "vitest";
import { DEFAULT_ZAKAT_INPUTS } from "~/giving/zakat-calculator";
import {
  calculatorValuesOf,
  keptFiguresOf,
  keptFiguresWords,
  nextDueAfter,
  readKeptFigures,
  reminderPlanFor,
  zakatReminderRequestSchema,
} from "./zakat-reminders";
import { confirmZakatReminderMail, stopReminderHeaders, zakatReminderMail } from "./zakat-reminder-mails";

describe("the reminder request", () => {
  it("needs a real email, keeps no figures unless asked, and reads the box as a form sends it", () => {
    expect(zakatReminderRequestSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Email is required");
    expect(zakatReminderRequestSchema.safeParse({ email: "not-an-email" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email address",
    );
    expect(zakatReminderRequestSchema.parse({ email: " a@example.org " })).toEqual({
      email: "a@example.org",
      keep_figures: false,
    });
    expect(zakatReminderRequestSchema.parse({ email: "a@example.org", keep_figures: "on" }).keep_figures).toBe(true);
  });
});

describe("kept figures", () => {
  const inputs = {
    ...DEFAULT_ZAKAT_INPUTS,
    cash: 12_000,
    gold_weight: 20,
    liabilities: 500,
    gold_price_per_gram: 99,
    nisab_basis: "gold" as const,
  };

  it("keep what the donor entered and the two choices, never the zeros or the day's metal prices", () => {
    const kept = keptFiguresOf(inputs);
    expect(kept).toEqual({
      amounts: { cash: 12_000, gold_weight: 20, liabilities: 500 },
      nisab_basis: "gold",
      agriculture_irrigation: "irrigated",
    });
    expect(calculatorValuesOf(kept)).toEqual({
      cash: "12000",
      gold_weight: "20",
      liabilities: "500",
      nisab_basis: "gold",
      agriculture_irrigation: "irrigated",
    });
    expect(keptFiguresWords(kept)).toBe("cash and bank balances $12,000.00, debts $500.00, gold 20 g");
  });

  it("read back only what is figures", () => {
    expect(readKeptFigures(JSON.stringify(keptFiguresOf(inputs)))).toEqual(keptFiguresOf(inputs));
    expect(readKeptFigures(null)).toBeNull();
    expect(readKeptFigures("{")).toBeNull();
    expect(
      readKeptFigures(JSON.stringify({ amounts: { cash: -1 }, nisab_basis: "gold", agriculture_irrigation: "rain" })),
    ).toBeNull();
    expect(
      readKeptFigures(
        JSON.stringify({ amounts: { gold_price_per_gram: 1 }, nisab_basis: "gold", agriculture_irrigation: "rain" }),
      ),
    ).toBeNull();
  });
});

describe("the reminder's days", () => {
  it("plans the Hijri anniversary and the day ten days before", () => {
    expect(reminderPlanFor("2026-11-25")).toEqual({
      calculated_on: "2026-11-25",
      calculated_hijri: "15 Jumada II 1448 AH",
      due_on: "2027-11-14",
      remind_on: "2027-11-04",
    });
  });

  it.each([
    // calculated on, just reminded for, today, next due, next reminder
    ["2026-11-25", "2027-11-14", "2027-11-04", "2028-11-02", "2028-10-23"],
    // 30 Dhu al-Hijjah 1448: 29th in 1449 and 1450, the 30th again in 1451.
    ["2027-06-05", "2028-05-24", "2028-05-14", "2029-05-13", "2029-05-03"],
    ["2027-06-05", "2029-05-13", "2029-05-03", "2030-05-03", "2030-04-23"],
    // A site down for more than a year sends one late reminder, then the next still ahead.
    ["2026-11-25", "2027-11-14", "2029-01-01", "2029-10-23", "2029-10-13"],
  ])(
    "calculated on %s, reminded for %s on %s: next due %s, reminded %s",
    (calculatedOn, remindedFor, today, due, remind) => {
      expect(nextDueAfter(calculatedOn, remindedFor, today)).toEqual({ due_on: due, remind_on: remind });
    },
  );
});

describe("the reminder's mails", () => {
  it("name the due day in both calendars; the reminder carries its stop link and figures only when kept", () => {
    expect(confirmZakatReminderMail("https://x.test/c", "2027-11-14").paragraphs[0]).toContain(
      "November 14, 2027 (15 Jumada II 1449 AH)",
    );
    const kept = zakatReminderMail({
      dueOn: "2027-11-14",
      calculatorUrl: "https://x.test/zakat-calculator?reminder=k",
      figuresKept: true,
      stopUrl: "https://x.test/stop",
    });
    expect(kept.paragraphs.join(" ")).toContain("with the figures you kept last year");
    expect(kept.note).toContain("https://x.test/stop");
    const none = zakatReminderMail({
      dueOn: "2027-11-14",
      calculatorUrl: "https://x.test/zakat-calculator",
      figuresKept: false,
      stopUrl: "https://x.test/stop",
    });
    expect(none.paragraphs.join(" ")).not.toContain("figures you kept");
    expect(stopReminderHeaders("https://x.test/api")).toEqual({
      "List-Unsubscribe": "<https://x.test/api>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
