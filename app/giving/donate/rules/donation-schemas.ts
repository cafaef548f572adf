import { z } from "~/shared/zod";
import { emptyIsUnset, hasWholeCents, readNumber } from "~/shared/amount-input";
import { isRealDate } from "~/shared/dates";
import { obligationSchema } from "~/funds/funds";
import { flagField } from "~/shared/schema-fields";
import { TRIBUTE_KINDS } from "./tribute";
import {
  DONATION_FREQUENCIES,
  FORM_FREQUENCIES,
  GENERAL_DONATION,
  MAXIMUM_ONLINE_DONATION,
  MINIMUM_DONATION,
  OFFLINE_PAYMENT_METHODS,
  PURPOSE_MAX_LENGTH,
} from "./gift-options";

/** What a donor or client is told when a purpose names no open fund. */
export const PURPOSE_REFUSED = "Please choose one of the listed purposes";

/**
 * The giving schemas, shared by the donate page (in the browser), its action, the admin
 * form for offline gifts and the /api/donations/* endpoints.
 */

export function dollarAmount(minimum: number, minimumMessage: string) {
  return z.preprocess(
    readNumber,
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? "Please enter an amount"
            : "Please enter the amount as a number, e.g. 50 or 25.50",
      })
      .refine(Number.isFinite, "Please enter the amount as a number, e.g. 50 or 25.50")
      .refine((value) => value >= minimum, minimumMessage)
      .refine((value) => value <= MAXIMUM_ONLINE_DONATION, "For gifts of a million dollars or more, please contact us")
      .refine(hasWholeCents, "Please use at most two decimal places"),
  );
}

/** Control characters (a line break, say) have no place in a name that goes into a mail's subject. */
const ONE_LINE = /^\P{Cc}*$/u;
const ONE_LINE_MESSAGE = "Please write the name on one line";

function nameField(missing: string) {
  return z
    .string({ message: missing })
    .trim()
    .min(1, missing)
    .max(200, "Please keep the name under 200 characters")
    .regex(ONE_LINE, ONE_LINE_MESSAGE);
}
export const donorName = nameField("Please enter your full name");

export const donorEmail = z
  .string({ message: "Please enter your email address" })
  .trim()
  .min(1, "Please enter your email address")
  .max(254, "Please enter a shorter email address")
  .pipe(z.email("Please enter a valid email address"));

/**
 * The purpose's shape only: which purposes are open (one per fund, staff add and archive
 * them) is the server code's to check against the funds. Empty means a general donation.
 */
export const purpose = z.preprocess(
  (raw) => emptyIsUnset(typeof raw === "string" ? raw.trim() : raw),
  z.string({ message: PURPOSE_REFUSED }).max(PURPOSE_MAX_LENGTH, PURPOSE_REFUSED).default(GENERAL_DONATION),
);

/** An appeal, by its address or its number; which appeals take gifts is the server code's to say. */
const appeal = z.preprocess(
  (raw) => emptyIsUnset(typeof raw === "string" ? raw.trim() : typeof raw === "number" ? String(raw) : raw),
  z
    .string({ message: "Name the appeal by its address or number" })
    .max(120, "Name the appeal by its address or number")
    .optional(),
);

const TRIBUTE_NAME_MISSING = "Please enter the name of the person the gift honours";

/**
 * A gift in someone's name: `tribute.kind` (memory or honour; empty for none), the
 * person's name, and optionally an email to tell. Forms send `tribute.kind` and so on;
 * the API sends {"tribute": {"kind", "name", "email"}} or nothing.
 */
const tribute = z.preprocess(
  (raw) => {
    if (raw === null || raw === undefined || raw === "") return undefined;
    if (typeof raw !== "object" || Array.isArray(raw)) return raw;
    // No tribute only when nothing of one was given: a name typed without "in memory" or
    // "in honour" chosen is asked about, never dropped.
    const given = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== "";
    const { kind, name, email } = raw as { kind?: unknown; name?: unknown; email?: unknown };
    return given(kind) || given(name) || given(email) ? raw : undefined;
  },
  z
    .object(
      {
        kind: z.enum(TRIBUTE_KINDS, { message: "Choose in memory of or in honour of" }),
        name: nameField(TRIBUTE_NAME_MISSING),
        email: z
          .preprocess(
            (email) => (typeof email === "string" && email.trim() === "" ? undefined : email),
            donorEmail.optional(),
          )
          .transform((email) => email ?? ""),
      },
      { message: "Give the tribute as {kind, name, email}" },
    )
    .optional(),
);

/**
 * What a donor may add to any gift: the appeal it answers, that their name stays off
 * public pages, the card fee covered, a tribute. Every donate form and the API share them.
 */
export const giftChoices = {
  appeal,
  anonymous: flagField(false),
  cover_fees: flagField(false),
  tribute,
};
export type GiftChoices = z.output<z.ZodObject<typeof giftChoices>>;

/** The donate form and POST /api/donations/create-payment-session. */
export const donationSchema = z.object({
  amount: dollarAmount(MINIMUM_DONATION, `The minimum donation is $${MINIMUM_DONATION}`),
  name: donorName,
  email: donorEmail,
  purpose,
  frequency: z.preprocess(
    emptyIsUnset,
    z.enum(FORM_FREQUENCIES, { message: "Please choose One-Time, Monthly or Annually" }).default("One-Time"),
  ),
  ...giftChoices,
});
export type DonationRequest = z.output<typeof donationSchema>;

/**
 * The donate page reached from quick pay: the donor, and the obligation whose amount the
 * server works out again from the foundation's rates (no amount is ever taken from here).
 */
export const quickPaySchema = z.object({ name: donorName, email: donorEmail, ...giftChoices }).and(obligationSchema);
export type QuickPayRequest = z.output<typeof quickPaySchema>;

/**
 * POST /api/donations/create-subscription: the API's original browser client always sends
 * payment_day 1 and leaves payment_month unset (January).
 */
export const subscriptionRequestSchema = z.object({
  amount: dollarAmount(MINIMUM_DONATION, `The minimum donation is $${MINIMUM_DONATION}`),
  name: donorName,
  email: donorEmail,
  purpose,
  ...giftChoices,
  interval: z.enum(["month", "year"], { message: "Choose month or year" }),
  payment_day: z.preprocess(
    readNumber,
    z.literal(1, { message: "Recurring gifts are charged on the 1st of the month, so this must be 1" }).default(1),
  ),
  payment_month: z.preprocess(
    readNumber,
    z
      .number({ message: "Use a month number from 1 to 12" })
      .int("Use a month number from 1 to 12")
      .min(1, "Use a month number from 1 to 12")
      .max(12, "Use a month number from 1 to 12")
      .default(1),
  ),
});

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A gift handed to staff (cash, cheque, a Ramadan collection): the admin form and POST /api/donations/. */
export const offlineGiftSchema = z.object({
  amount: dollarAmount(0.01, "The amount must be more than $0"),
  name: nameField("Please enter the donor's name"),
  // Optional: a cash gift may come without one. Empty means none, and is stored as "".
  email: z
    .preprocess((raw) => (typeof raw === "string" && raw.trim() === "" ? undefined : raw), donorEmail.optional())
    .transform((email) => email ?? ""),
  purpose,
  appeal,
  anonymous: flagField(false),
  tribute,
  frequency: z.preprocess(
    emptyIsUnset,
    z
      .enum(DONATION_FREQUENCIES, { message: "Please choose One-Time, Monthly, Annually or Ramadan" })
      .default("One-Time"),
  ),
  payment_method: z.preprocess(
    emptyIsUnset,
    z.enum(OFFLINE_PAYMENT_METHODS, { message: "Please choose cash, cheque, bank transfer or other" }).default("cash"),
  ),
  donated_at: z.preprocess(
    emptyIsUnset,
    z
      .string({ message: "Please enter a real date as YYYY-MM-DD" })
      .trim()
      .refine(
        (value) => ISO_DATE_TIME.test(value) && isRealDate(value) && !Number.isNaN(Date.parse(value)),
        "Please enter a real date as YYYY-MM-DD",
      )
      .optional(),
  ),
});
export type OfflineGift = z.output<typeof offlineGiftSchema>;

/** Staff cancel a recurring gift by the provider's subscription id: the admin screen and the API. */
export const cancelSubscriptionSchema = z.object({
  subscription_id: z
    .string({ message: "Give the card provider's subscription id" })
    .trim()
    .min(1, "Give the card provider's subscription id"),
});
