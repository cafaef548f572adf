import { z } from "~/shared/zod";
import { emptyIsUnset, hasWholeCents, readNumber } from "~/shared/amount-input";
import { isRealDate } from "~/shared/dates";
import { flagField, optionalText, requiredText } from "~/shared/schema-fields";
import { OBLIGATION_LIMITS } from "./obligations";
import { ZAKAT_CATEGORY_KEYS } from "./zakat-categories";

/**
 * The funds schemas, shared by the admin forms (in the browser and their actions), the
 * quick-pay forms and the /api/funds/, /api/disbursements/ and /api/rates/ endpoints.
 * Rules that need the database (a Zakat fund needs a category, a balance must cover a
 * disbursement, a date cannot be in the future where the foundation is) are the server code's (server/).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function calendarDay(label: string) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((value) => DAY.test(value) && isRealDate(value), "Please enter a real date as YYYY-MM-DD");
}

/** A positive amount of dollars with at most two decimals, up to a million. */
export function dollarsField(label: string) {
  const asNumber = `Please enter the ${label.toLowerCase()} as a number, e.g. 500 or 12.50`;
  return z.preprocess(
    readNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : asNumber) })
      .refine(Number.isFinite, asNumber)
      .refine((value) => value > 0, `${label} must be more than $0`)
      .refine((value) => value < 1_000_000_000, `${label} is too large`)
      .refine(hasWholeCents, "Please use at most two decimal places"),
  );
}

function recordId(label: string) {
  return z.preprocess(
    (raw) => readNumber(emptyIsUnset(raw)),
    z
      .number({ error: (issue) => (issue.input === undefined ? `Please choose ${label}` : `Please choose ${label}`) })
      .int(`Please choose ${label}`)
      .positive(`Please choose ${label}`),
  );
}

/** Staff add a restricted Sadaqa fund. */
export const newFundSchema = z.object({
  name: requiredText("Name", 80),
  description: optionalText("Description", 1000),
});
export type NewFund = z.output<typeof newFundSchema>;

/** Staff change a fund: its description, and whether it is archived. A name never changes. */
export const fundChangeSchema = z.object({
  description: optionalText("Description", 1000).optional(),
  archived: flagField(false).optional(),
});
export type FundChange = z.output<typeof fundChangeSchema>;

/** A disbursement: money that went out of a fund, and what it was for. */
export const disbursementSchema = z.object({
  fund_id: recordId("a fund"),
  amount: dollarsField("Amount"),
  disbursed_on: calendarDay("Date"),
  category: z.preprocess(
    emptyIsUnset,
    z.enum(ZAKAT_CATEGORY_KEYS, { message: "Please choose one of the eight categories" }).optional(),
  ),
  programme: optionalText("Programme or project", 200),
  region: optionalText("Region", 200),
  description: requiredText("Description", 2000),
});
export type DisbursementInput = z.output<typeof disbursementSchema>;

/** A reversal: it names the entry it reverses and why; the amount and fund are that entry's. */
export const reversalSchema = z.object({
  reverses_id: recordId("the entry to reverse"),
  disbursed_on: z.preprocess(emptyIsUnset, calendarDay("Date").optional()),
  description: requiredText("Reason", 2000),
});
export type ReversalInput = z.output<typeof reversalSchema>;

export const RATE_KEYS = [
  "fitr_per_person",
  "fidya_per_day",
  "kaffarah_per_person",
  "gold_per_gram",
  "silver_per_gram",
] as const;
export type RateKey = (typeof RATE_KEYS)[number];

export const RATE_LABELS: Record<RateKey, string> = {
  fitr_per_person: "Zakat al-Fitr, per person",
  fidya_per_day: "Fidya, per day",
  kaffarah_per_person: "Kaffarah, per person fed",
  gold_per_gram: "Gold price, per gram",
  silver_per_gram: "Silver price, per gram",
};

/** A new rate in the register (the old one stays in its history). */
export const rateSchema = z.object({
  rate_key: z.enum(RATE_KEYS, { message: "Please choose which rate this is" }),
  amount: dollarsField("Amount"),
  effective_on: calendarDay("Effective date"),
  authority: requiredText("Authority (council or scholar)", 200),
  note: optionalText("Note", 1000),
});
export type RateInput = z.output<typeof rateSchema>;

/** The Zakat policy page. */
export const zakatPolicySchema = z.object({
  body: requiredText("Policy", 20_000),
  kaffarah_per_fast: flagField(true),
});
export type ZakatPolicyInput = z.output<typeof zakatPolicySchema>;

/** This year's Eid al-Fitr, as sighted. */
export const eidDateSchema = z.object({
  eid_al_fitr_on: calendarDay("Eid al-Fitr"),
});

function count(label: string, max: number) {
  const message = `Please enter a whole number of ${label} from 1 to ${max}`;
  return z.preprocess(
    (raw) => readNumber(emptyIsUnset(raw)),
    z.number({ message }).int(message).min(1, message).max(max, message),
  );
}

/** The quick-pay forms, and the donate page they lead to. */
export const obligationSchema = z.discriminatedUnion("obligation", [
  z.object({ obligation: z.literal("fitr"), people: count("people", OBLIGATION_LIMITS.people) }),
  z.object({ obligation: z.literal("fidya"), days: count("days", OBLIGATION_LIMITS.days) }),
  z.object({
    obligation: z.literal("kaffarah"),
    reason: z.enum(["fast", "oath"], { message: "Please choose a broken fast or a broken oath" }),
    count: count("fasts or oaths", OBLIGATION_LIMITS.fasts),
  }),
]);
export type ObligationRequest = z.output<typeof obligationSchema>;
