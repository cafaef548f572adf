import { monthName, ordinal } from "~/shared/day-words";

/**
 * The giving vocabulary (preset amounts, limits, purposes, frequencies), as plain data: the
 * donate form, the admin screens, the API schemas and the payment code all read it from
 * here. No validation library, so public pages can import it without shipping zod to the
 * browser.
 */

export const PRESET_AMOUNTS = [25, 50, 100, 250, 500, 1000] as const;

/** US dollars. */
export const MINIMUM_DONATION = 1;
/** Card networks cap a single online charge just under a million dollars. */
export const MAXIMUM_ONLINE_DONATION = 999_999.99;

/** The purpose of general Sadaqa, and of a gift that names none. */
export const GENERAL_DONATION = "General Donation";

/**
 * The seven purposes the donate form began with. What a donor can give to now comes from
 * the funds (each fund's purpose; staff add and archive restricted funds): these remain
 * the words every older gift carries.
 */
export const DONATION_PURPOSES = [
  GENERAL_DONATION,
  "Zakat",
  "Emergency Relief",
  "Orphan Care",
  "Food & Water Aid",
  "Education",
  "Healthcare",
] as const;

/** A purpose is the donor-facing word of a fund; it can be this long at most. */
export const PURPOSE_MAX_LENGTH = 200;

/** What a donor can choose on the form. */
export const FORM_FREQUENCIES = ["One-Time", "Monthly", "Annually"] as const;
export type FormFrequency = (typeof FORM_FREQUENCIES)[number];

/** What a recorded gift can be: the form's choices, and Ramadan collections recorded by staff. */
export const DONATION_FREQUENCIES = ["One-Time", "Monthly", "Annually", "Ramadan"] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

export function isDonationFrequency(value: unknown): value is DonationFrequency {
  return (DONATION_FREQUENCIES as readonly unknown[]).includes(value);
}

export type RecurringInterval = "month" | "year";
export type RecurringFrequency = Exclude<FormFrequency, "One-Time">;

export const INTERVAL_OF_FREQUENCY: Record<RecurringFrequency, RecurringInterval> = {
  Monthly: "month",
  Annually: "year",
};

export const FREQUENCY_OF_INTERVAL: Record<RecurringInterval, RecurringFrequency> = {
  month: "Monthly",
  year: "Annually",
};

export function isRecurringFrequency(frequency: string): frequency is RecurringFrequency {
  return frequency === "Monthly" || frequency === "Annually";
}

/** How a gift reached the foundation: through the card provider, or handed to staff. */
export const PAYMENT_METHODS = ["card", "cash", "cheque", "bank_transfer", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const OFFLINE_PAYMENT_METHODS = ["cash", "cheque", "bank_transfer", "other"] as const;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Card",
  cash: "Cash",
  cheque: "Cheque",
  bank_transfer: "Bank transfer",
  other: "Other",
};

/**
 * The impact preview beside the amount: what a gift of this size stands for, in whole meals ($5), children ($50) and
 * families ($100).
 */
export function impactPreview(amountDollars: number): { meals: number; families: number; children: number } {
  const amount = Number.isFinite(amountDollars) && amountDollars > 0 ? amountDollars : 0;
  return {
    meals: Math.floor(amount / 5),
    families: Math.floor(amount / 100),
    children: Math.floor(amount / 50),
  };
}

/** What a gift's frequency means for the donor's card, in plain words. */
export function frequencyNote(frequency: FormFrequency, paymentDay = 1, paymentMonth = 1): string {
  if (frequency === "Monthly")
    return `Charged today, then on the ${ordinal(paymentDay)} of every month until you cancel.`;
  if (frequency === "Annually") {
    return `Charged today, then every year on ${monthName(paymentMonth)} ${ordinal(paymentDay)} until you cancel.`;
  }
  return "A single gift, charged today.";
}

/**
 * The donate form's starting values from its address: ?zakat_amount= from the
 * calculator (amount, and the purpose set to Zakat), or ?amount=&purpose=&frequency=
 * when a donor comes back from a canceled checkout. A purpose counts only when it is one
 * of `purposes` (what the form offers today); anything unusable is ignored.
 */
export function initialDonation(
  params: URLSearchParams,
  purposes: readonly string[] = DONATION_PURPOSES,
): { amount: string; purpose: string; frequency: FormFrequency } {
  const zakat = params.get("zakat_amount");
  const typed = zakat ?? params.get("amount") ?? "";
  const amount = Number(typed);
  const asked = (params.get("purpose") ?? "").trim().toLowerCase();
  const purpose = purposes.find((offered) => offered.toLowerCase() === asked);
  const frequency = params.get("frequency") ?? "";
  return {
    amount: typed.trim() !== "" && Number.isFinite(amount) && amount > 0 ? String(Math.round(amount * 100) / 100) : "",
    purpose: zakat !== null ? "Zakat" : (purpose ?? GENERAL_DONATION),
    frequency: (FORM_FREQUENCIES as readonly string[]).includes(frequency) ? (frequency as FormFrequency) : "One-Time",
  };
}
