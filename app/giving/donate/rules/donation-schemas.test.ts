import { describe, expect, it } from "vitest";
import { donationSchema, offlineGiftSchema, subscriptionRequestSchema } from "./donation-schemas";

const gift = { amount: "50", name: " Aisha Khan ", email: "aisha@example.org", purpose: "Zakat", frequency: "Monthly" };

function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe("donationSchema", () => {
  it("accepts a gift as the form sends it, trimming the name and reading the amount", () => {
    expect(donationSchema.parse(gift)).toEqual({
      amount: 50,
      name: "Aisha Khan",
      email: "aisha@example.org",
      purpose: "Zakat",
      frequency: "Monthly",
      // What a donor may add, all off unless asked for.
      anonymous: false,
      cover_fees: false,
    });
    expect(donationSchema.parse({ ...gift, amount: 25.5, purpose: undefined, frequency: "" })).toMatchObject({
      amount: 25.5,
      purpose: "General Donation",
      frequency: "One-Time",
    });
  });

  it.each([
    ["", "Please enter an amount"],
    ["0.99", "The minimum donation is $1"],
    ["ten", "Please enter the amount as a number, e.g. 50 or 25.50"],
    ["10.555", "Please use at most two decimal places"],
    ["1000000", "For gifts of a million dollars or more, please contact us"],
  ])("refuses the amount %j", (amount, message) => {
    expect(errors(donationSchema.safeParse({ ...gift, amount }))).toEqual({ amount: message });
  });

  it("requires a name and a valid email, a purpose of text and a listed frequency", () => {
    expect(
      errors(donationSchema.safeParse({ amount: "10", name: "  ", email: "nope", purpose: 42, frequency: "Weekly" })),
    ).toEqual({
      name: "Please enter your full name",
      email: "Please enter a valid email address",
      purpose: "Please choose one of the listed purposes",
      frequency: "Please choose One-Time, Monthly or Annually",
    });
    expect(errors(donationSchema.safeParse({ ...gift, purpose: "x".repeat(201) }))).toEqual({
      purpose: "Please choose one of the listed purposes",
    });
  });

  it("leaves which purposes are open to the funds: any purpose's words pass, trimmed", () => {
    expect(donationSchema.parse({ ...gift, purpose: "  Zakat al-Fitr " }).purpose).toBe("Zakat al-Fitr");
    expect(donationSchema.parse({ ...gift, purpose: "   " }).purpose).toBe("General Donation");
  });
});

describe("subscriptionRequestSchema", () => {
  const request = { amount: 30, name: "Omar", email: "omar@example.org", purpose: "Education", interval: "month" };

  it("takes the original client's payload: payment_day 1 and payment_month unset", () => {
    expect(subscriptionRequestSchema.parse({ ...request, payment_day: 1, payment_month: null })).toMatchObject({
      payment_day: 1,
      payment_month: 1,
    });
    expect(subscriptionRequestSchema.parse({ ...request, interval: "year", payment_month: "3" })).toMatchObject({
      payment_month: 3,
    });
  });

  it("refuses another payment day, an unknown interval and a month out of range", () => {
    expect(
      errors(subscriptionRequestSchema.safeParse({ ...request, interval: "week", payment_day: 15, payment_month: 13 })),
    ).toEqual({
      interval: "Choose month or year",
      payment_day: "Recurring gifts are charged on the 1st of the month, so this must be 1",
      payment_month: "Use a month number from 1 to 12",
    });
  });
});

describe("offlineGiftSchema", () => {
  it("needs only a name and an amount; email is optional", () => {
    expect(offlineGiftSchema.parse({ name: "Masjid collection", amount: "1,250.75" })).toEqual({
      name: "Masjid collection",
      email: "",
      amount: 1250.75,
      purpose: "General Donation",
      frequency: "One-Time",
      payment_method: "cash",
      donated_at: undefined,
      anonymous: false,
    });
  });

  it("accepts a Ramadan collection by cheque on a given date", () => {
    expect(
      offlineGiftSchema.parse({
        name: "A",
        amount: 10,
        frequency: "Ramadan",
        payment_method: "cheque",
        donated_at: "2026-03-15",
        email: "a@example.org",
      }),
    ).toMatchObject({
      frequency: "Ramadan",
      payment_method: "cheque",
      donated_at: "2026-03-15",
      email: "a@example.org",
    });
  });

  it("refuses a date that does not exist", () => {
    expect(errors(offlineGiftSchema.safeParse({ name: "A", amount: 5, donated_at: "2026-02-30" }))).toEqual({
      donated_at: "Please enter a real date as YYYY-MM-DD",
    });
    expect(offlineGiftSchema.parse({ name: "A", amount: 5, donated_at: "2028-02-29" }).donated_at).toBe("2028-02-29");
  });

  it("asks staff for the donor's name, not their own", () => {
    expect(errors(offlineGiftSchema.safeParse({ name: "", amount: 5 }))).toEqual({
      name: "Please enter the donor's name",
    });
  });

  it("refuses a bad email, method or date", () => {
    expect(
      errors(
        offlineGiftSchema.safeParse({
          name: "A",
          amount: 0,
          email: "x@",
          payment_method: "card",
          donated_at: "15/03/2026",
        }),
      ),
    ).toEqual({
      amount: "The amount must be more than $0",
      email: "Please enter a valid email address",
      payment_method: "Please choose cash, cheque, bank transfer or other",
      donated_at: "Please enter a real date as YYYY-MM-DD",
    });
  });
});

describe("names that go into a mail", () => {
  it("are refused when they hold a line break, for the donor and the person a tribute honours", () => {
    const injected = "Ali\r\nBcc: someone@example.org";
    expect(errors(donationSchema.safeParse({ ...gift, name: injected }))).toEqual({
      name: "Please write the name on one line",
    });
    const tribute = donationSchema.safeParse({
      ...gift,
      tribute: { kind: "memory", name: injected, email: "family@example.org" },
    });
    expect(tribute.success).toBe(false);
    expect(tribute.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["tribute.name", "Please write the name on one line"],
    ]);
  });
});
