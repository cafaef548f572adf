import { describe, expect, it } from "vitest";
import {
  disbursementSchema,
  fundChangeSchema,
  newFundSchema,
  obligationSchema,
  rateSchema,
  reversalSchema,
} from "./fund-schemas";
import { OBLIGATION_LIMITS } from "~/funds/funds";

/** The field errors a schema gives, by field, or the parsed value when it accepts the input. */
function check(
  schema: {
    safeParse(input: unknown): {
      success: boolean;
      data?: unknown;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error!.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return { errors };
}

describe("obligationSchema (quick pay)", () => {
  const people = `Please enter a whole number of people from 1 to ${OBLIGATION_LIMITS.people}`;
  const days = `Please enter a whole number of days from 1 to ${OBLIGATION_LIMITS.days}`;
  const fasts = `Please enter a whole number of fasts or oaths from 1 to ${OBLIGATION_LIMITS.fasts}`;

  it.each([
    ["a household of 5", { obligation: "fitr", people: 5 }, { data: { obligation: "fitr", people: 5 } }],
    ["people typed in a form", { obligation: "fitr", people: " 5 " }, { data: { obligation: "fitr", people: 5 } }],
    ["one person", { obligation: "fitr", people: 1 }, { data: { obligation: "fitr", people: 1 } }],
    [
      "the largest household",
      { obligation: "fitr", people: OBLIGATION_LIMITS.people },
      { data: { obligation: "fitr", people: OBLIGATION_LIMITS.people } },
    ],
    [
      "one more than the largest household",
      { obligation: "fitr", people: OBLIGATION_LIMITS.people + 1 },
      { errors: { people } },
    ],
    ["nobody", { obligation: "fitr", people: 0 }, { errors: { people } }],
    ["half a person", { obligation: "fitr", people: 2.5 }, { errors: { people } }],
    ["people left empty", { obligation: "fitr", people: "" }, { errors: { people } }],
    ["people as words", { obligation: "fitr", people: "five" }, { errors: { people } }],
    ["30 days of Fidya", { obligation: "fidya", days: "30" }, { data: { obligation: "fidya", days: 30 } }],
    [
      "the most days of Fidya",
      { obligation: "fidya", days: OBLIGATION_LIMITS.days },
      { data: { obligation: "fidya", days: OBLIGATION_LIMITS.days } },
    ],
    ["too many days of Fidya", { obligation: "fidya", days: OBLIGATION_LIMITS.days + 1 }, { errors: { days } }],
    ["a negative number of days", { obligation: "fidya", days: -3 }, { errors: { days } }],
    [
      "3 broken fasts",
      { obligation: "kaffarah", reason: "fast", count: 3 },
      { data: { obligation: "kaffarah", reason: "fast", count: 3 } },
    ],
    [
      "a broken oath",
      { obligation: "kaffarah", reason: "oath", count: "1" },
      { data: { obligation: "kaffarah", reason: "oath", count: 1 } },
    ],
    [
      "the most broken fasts",
      { obligation: "kaffarah", reason: "fast", count: OBLIGATION_LIMITS.fasts },
      { data: { obligation: "kaffarah", reason: "fast", count: OBLIGATION_LIMITS.fasts } },
    ],
    [
      "too many broken fasts",
      { obligation: "kaffarah", reason: "fast", count: OBLIGATION_LIMITS.fasts + 1 },
      { errors: { count: fasts } },
    ],
    [
      "a Kaffarah without its reason",
      { obligation: "kaffarah", count: 1 },
      { errors: { reason: "Please choose a broken fast or a broken oath" } },
    ],
    [
      "a Kaffarah for something else",
      { obligation: "kaffarah", reason: "vow", count: 1 },
      { errors: { reason: "Please choose a broken fast or a broken oath" } },
    ],
  ])("%s", (_case, input, expected) => {
    expect(check(obligationSchema, input)).toEqual(expected);
  });

  it("refuses an obligation it does not know", () => {
    expect(check(obligationSchema, { obligation: "tithe", people: 1 })).toHaveProperty("errors");
    expect(check(obligationSchema, {})).toHaveProperty("errors");
  });
});

describe("disbursementSchema", () => {
  const good = {
    fund_id: "2",
    amount: "1,250.50",
    disbursed_on: "2026-03-01",
    description: " Food parcels ",
    category: "masakin",
  };

  it("reads a form's text and a client's JSON alike", () => {
    expect(check(disbursementSchema, good)).toEqual({
      data: {
        fund_id: 2,
        amount: 1250.5,
        disbursed_on: "2026-03-01",
        description: "Food parcels",
        category: "masakin",
        programme: "",
        region: "",
      },
    });
    expect(check(disbursementSchema, { ...good, fund_id: 2, amount: "$75", category: "", programme: null })).toEqual({
      data: {
        fund_id: 2,
        amount: 75,
        disbursed_on: "2026-03-01",
        description: "Food parcels",
        category: undefined,
        programme: "",
        region: "",
      },
    });
  });

  it.each([
    ["no fund", { fund_id: "" }, "fund_id", "Please choose a fund"],
    ["a fund that is not an id", { fund_id: "Zakat" }, "fund_id", "Please choose a fund"],
    ["no amount", { amount: "" }, "amount", "Amount is required"],
    ["an amount in words", { amount: "fifty" }, "amount", "Please enter the amount as a number, e.g. 500 or 12.50"],
    ["nothing to give", { amount: 0 }, "amount", "Amount must be more than $0"],
    ["fractions of a cent", { amount: "10.005" }, "amount", "Please use at most two decimal places"],
    ["a billion", { amount: 1_000_000_000 }, "amount", "Amount is too large"],
    ["no date", { disbursed_on: "" }, "disbursed_on", "Date is required"],
    [
      "a date that does not exist",
      { disbursed_on: "2026-02-29" },
      "disbursed_on",
      "Please enter a real date as YYYY-MM-DD",
    ],
    [
      "a date written another way",
      { disbursed_on: "01/03/2026" },
      "disbursed_on",
      "Please enter a real date as YYYY-MM-DD",
    ],
    [
      "a category that is not one of the eight",
      { category: "friends" },
      "category",
      "Please choose one of the eight categories",
    ],
    ["no description", { description: "   " }, "description", "Description is required"],
    [
      "a description too long",
      { description: "x".repeat(2001) },
      "description",
      "Description must be at most 2000 characters",
    ],
    ["a region too long", { region: "x".repeat(201) }, "region", "Region must be at most 200 characters"],
  ])("refuses %s", (_case, change, field, message) => {
    expect(check(disbursementSchema, { ...good, ...change })).toEqual({ errors: { [field]: message } });
  });
});

describe("reversalSchema", () => {
  it.each([
    [
      "the entry and a reason",
      { reverses_id: "7", description: "Duplicate" },
      { data: { reverses_id: 7, disbursed_on: undefined, description: "Duplicate" } },
    ],
    [
      "with its own date",
      { reverses_id: 7, disbursed_on: "2026-03-02", description: "Duplicate" },
      { data: { reverses_id: 7, disbursed_on: "2026-03-02", description: "Duplicate" } },
    ],
    [
      "an empty date is today",
      { reverses_id: 7, disbursed_on: "", description: "Duplicate" },
      { data: { reverses_id: 7, disbursed_on: undefined, description: "Duplicate" } },
    ],
    [
      "no entry named",
      { reverses_id: "", description: "Duplicate" },
      { errors: { reverses_id: "Please choose the entry to reverse" } },
    ],
    [
      "entry zero",
      { reverses_id: 0, description: "Duplicate" },
      { errors: { reverses_id: "Please choose the entry to reverse" } },
    ],
    ["no reason", { reverses_id: 7 }, { errors: { description: "Reason is required" } }],
    [
      "a date that is not one",
      { reverses_id: 7, disbursed_on: "soon", description: "Duplicate" },
      { errors: { disbursed_on: "Please enter a real date as YYYY-MM-DD" } },
    ],
  ])("%s", (_case, input, expected) => {
    expect(check(reversalSchema, input)).toEqual(expected);
  });
});

describe("rateSchema", () => {
  const good = { rate_key: "fitr_per_person", amount: "12.50", effective_on: "2026-03-01", authority: "Fiqh Council" };

  it("takes a rate with its date and authority; the note is optional", () => {
    expect(check(rateSchema, good)).toEqual({
      data: {
        rate_key: "fitr_per_person",
        amount: 12.5,
        effective_on: "2026-03-01",
        authority: "Fiqh Council",
        note: "",
      },
    });
  });

  it.each([
    ["a rate the register does not keep", { rate_key: "tithe" }, "rate_key", "Please choose which rate this is"],
    ["no amount", { amount: "" }, "amount", "Amount is required"],
    ["no effective date", { effective_on: "" }, "effective_on", "Effective date is required"],
    ["no authority", { authority: "" }, "authority", "Authority (council or scholar) is required"],
  ])("refuses %s", (_case, change, field, message) => {
    expect(check(rateSchema, { ...good, ...change })).toEqual({ errors: { [field]: message } });
  });
});

describe("newFundSchema and fundChangeSchema", () => {
  it.each([
    [newFundSchema, { name: "  Winter Appeal  " }, { data: { name: "Winter Appeal", description: "" } }],
    [newFundSchema, { name: "" }, { errors: { name: "Name is required" } }],
    [newFundSchema, { name: "x".repeat(81) }, { errors: { name: "Name must be at most 80 characters" } }],
    [fundChangeSchema, { description: "New words" }, { data: { description: "New words" } }],
    [fundChangeSchema, { archived: "on" }, { data: { archived: true } }],
    [fundChangeSchema, { archived: false }, { data: { archived: false } }],
    [fundChangeSchema, { archived: "maybe" }, { errors: { archived: "Must be true or false" } }],
    [fundChangeSchema, {}, { data: {} }],
  ] as const)("%#", (schema, input, expected) => {
    expect(check(schema, input)).toEqual(expected);
  });
});
