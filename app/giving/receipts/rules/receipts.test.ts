import { describe, expect, it } from "vitest";
import type { Organisation } from "~/shared/foundation";
import {
  receiptDate,
  receiptHijriDate,
  receiptLines,
  receiptMail,
  receiptNumber,
  yearIn,
  type ReceiptGift,
} from "./receipts";

/**
 * The receipt's year is the year where the foundation is (SITE_TIMEZONE), not in UTC:
 * fixed instants on both sides of a New Year, in zones east and west of UTC.
 */
const NEW_YEARS_EVE_UTC = "2026-12-31T23:30:00Z"; // 04:30 on 1 January 2027 in Karachi (UTC+5)
const NEW_YEARS_DAY_UTC = "2027-01-01T03:00:00Z"; // 22:00 on 31 December 2026 in New York (UTC-5)

describe("yearIn", () => {
  it("is the year in the zone given, on either side of a New Year", () => {
    expect(yearIn(NEW_YEARS_EVE_UTC, "UTC")).toBe(2026);
    expect(yearIn(NEW_YEARS_EVE_UTC, "Asia/Karachi")).toBe(2027);
    expect(yearIn(NEW_YEARS_EVE_UTC, "America/New_York")).toBe(2026);
    expect(yearIn(NEW_YEARS_DAY_UTC, "UTC")).toBe(2027);
    expect(yearIn(NEW_YEARS_DAY_UTC, "America/New_York")).toBe(2026);
    expect(yearIn(NEW_YEARS_DAY_UTC, "Asia/Karachi")).toBe(2027);
  });
});

describe("receiptNumber", () => {
  it("carries the foundation's year, not UTC's, and the gift's number padded to six digits", () => {
    const gift = { id: 123, donated_at: NEW_YEARS_EVE_UTC };
    expect(receiptNumber(gift, "Asia/Karachi")).toBe("R-2027-000123");
    expect(receiptNumber(gift, "UTC")).toBe("R-2026-000123");
    expect(receiptNumber({ id: 7, donated_at: NEW_YEARS_DAY_UTC }, "America/New_York")).toBe("R-2026-000007");
  });

  it("keeps every digit of a number longer than six", () => {
    expect(receiptNumber({ id: 1_234_567, donated_at: "2026-06-15T12:00:00Z" }, "UTC")).toBe("R-2026-1234567");
  });
});

describe("receiptDate", () => {
  it("is the calendar day where the foundation is", () => {
    expect(receiptDate(NEW_YEARS_EVE_UTC, "Asia/Karachi")).toBe("January 1, 2027");
    expect(receiptDate(NEW_YEARS_EVE_UTC, "UTC")).toBe("December 31, 2026");
  });
});

describe("receiptHijriDate", () => {
  it("is the same calendar day, where the foundation is, in the Hijri calendar", () => {
    expect(receiptHijriDate(NEW_YEARS_EVE_UTC, "Asia/Karachi")).toBe("23 Rajab 1448 AH");
    expect(receiptHijriDate(NEW_YEARS_EVE_UTC, "UTC")).toBe("22 Rajab 1448 AH");
    expect(receiptHijriDate(NEW_YEARS_DAY_UTC, "America/New_York")).toBe("22 Rajab 1448 AH");
  });
});

const GIFT: ReceiptGift = {
  id: 42,
  name: "Aisha Khan",
  amount_cents: 12_345,
  frequency: "One-Time",
  purpose: "Zakat",
  fund: "Zakat al-Mal",
  is_zakat: true,
  designation: "",
  fee_cover_cents: 0,
  appeal: "",
  tribute: "",
  anonymous: false,
  donated_at: NEW_YEARS_EVE_UTC,
  payment_method: "card",
  is_test: false,
};
const ORGANISATION: Organisation = {
  legalName: "Nur Relief Trust",
  taxId: "12-3456789",
  address: "7 Mosque Road, Leeds",
  email: "giving@nur.example",
  phone: "",
};

describe("the receipt's lines and mail", () => {
  it("agree on the number and the date, in the foundation's zone", () => {
    expect(receiptLines(GIFT, "Asia/Karachi")).toEqual([
      ["Receipt number", "R-2027-000042"],
      ["Date", "January 1, 2027"],
      ["Hijri date", "23 Rajab 1448 AH"],
      ["Amount", "$123.45 USD"],
      ["Purpose", "Zakat"],
      ["Fund", "Zakat al-Mal"],
      ["Frequency", "One-Time"],
      ["Donor", "Aisha Khan"],
    ]);
    const mail = receiptMail(
      GIFT,
      ORGANISATION,
      { receipt: "https://give.example/r/x", myGiving: "https://give.example/my-giving" },
      "Asia/Karachi",
    );
    expect(mail.subject).toBe("Your receipt R-2027-000042: $123.45 to Nur Relief Trust");
    expect(mail.paragraphs.join("\n")).toContain(
      "Receipt number: R-2027-000042\nDate: January 1, 2027\nHijri date: 23 Rajab 1448 AH",
    );
  });

  it("says what a quick-pay gift was for, and promises Zakat's keeping for either Zakat fund", () => {
    const fitr = {
      ...GIFT,
      purpose: "Zakat al-Fitr",
      fund: "Zakat al-Fitr",
      designation: "Zakat al-Fitr for 5 people",
    };
    expect(receiptLines(fitr, "UTC").slice(4, 7)).toEqual([
      ["Purpose", "Zakat al-Fitr"],
      ["Fund", "Zakat al-Fitr"],
      ["Given for", "Zakat al-Fitr for 5 people"],
    ]);
    const mail = receiptMail(fitr, ORGANISATION, { receipt: "r", myGiving: "m" }, "UTC");
    expect(mail.paragraphs.join("\n")).toContain("Given for: Zakat al-Fitr for 5 people");
    expect(mail.paragraphs).toContain("Your Zakat is kept apart and given only to those eligible to receive it.");
    const late = {
      ...fitr,
      purpose: "General Donation",
      fund: "Sadaqa",
      is_zakat: false,
      designation: "Zakat al-Fitr for 5 people, given after Eid as Sadaqa",
    };
    expect(receiptMail(late, ORGANISATION, { receipt: "r", myGiving: "m" }, "UTC").paragraphs.join("\n")).not.toContain(
      "Your Zakat is kept apart",
    );
  });

  it("names a gift without a purpose a General Donation, and marks test money", () => {
    const test = { ...GIFT, purpose: "", fund: "Sadaqa", is_zakat: false, is_test: true };
    expect(receiptLines(test, "UTC")).toContainEqual(["Purpose", "General Donation"]);
    const mail = receiptMail(test, ORGANISATION, { receipt: "r", myGiving: "m" }, "UTC");
    expect(mail.subject).toBe("[Test] Your receipt R-2026-000042: $123.45 to Nur Relief Trust");
    expect(mail.paragraphs).toContain("This was a test payment: no money moved.");
    expect(mail.paragraphs.join("\n")).not.toContain("Your Zakat is kept apart");
  });
});
