import { z } from "~/shared/zod";
import { flagField, honeypotField, requiredEmail } from "~/shared/schema-fields";
import { AMOUNT_FIELDS, type ZakatAmountField, type ZakatInputs } from "~/giving/zakat-calculator";
import { REMINDER_DAYS_BEFORE, zakatDueAgainOn, zakatDueInHijriYear, zakatReminderOn } from "./zakat-reminder";
import { addDays, formatHijri, hijriDateOf } from "~/shared/hijri";

/**
 * "Remind me when my Zakat is due next year", asked after a calculation: an email, whether
 * to keep the calculation's figures for next year, and a honeypot. The figures themselves
 * travel beside it as the calculator's own fields.
 */
export const zakatReminderRequestSchema = z.object({
  email: requiredEmail(),
  keep_figures: flagField(false),
  website: honeypotField(),
});

/**
 * A request waits this long for its owner to confirm it. After that its link confirms
 * nothing (a press months later would plan a reminder from an old calculation), and the
 * sending round deletes the request with any figures it was keeping.
 */
export const CONFIRM_LINK_DAYS = 7;

/** What the box "Keep my figures" keeps, in the words the form describes it with. */
export const KEEP_FIGURES_DESCRIPTION =
  "We keep the amounts and weights you entered and your nisab and harvest choices, so the reminder's link opens the calculator with them; never the metal prices (next year's are used). Without this box the reminder carries no figures. You can delete them from My giving at any time.";

/** The figures kept: everything the donor typed but the day's metal prices, which are next year's by then. */
export const KEPT_FIGURE_FIELDS = AMOUNT_FIELDS.filter(
  (field) => field !== "gold_price_per_gram" && field !== "silver_price_per_gram",
);
type KeptField = (typeof KEPT_FIGURE_FIELDS)[number];

const keptFiguresSchema = z.object({
  amounts: z.partialRecord(
    z.enum(KEPT_FIGURE_FIELDS as [KeptField, ...KeptField[]]),
    z.number().finite().nonnegative(),
  ),
  nisab_basis: z.enum(["silver", "gold"]),
  agriculture_irrigation: z.enum(["irrigated", "rain"]),
});
export type KeptFigures = z.infer<typeof keptFiguresSchema>;

/** The figures of a calculation worth keeping: the amounts entered (not the zeros) and the two choices. */
export function keptFiguresOf(inputs: ZakatInputs): KeptFigures {
  const amounts: KeptFigures["amounts"] = {};
  for (const field of KEPT_FIGURE_FIELDS) if (inputs[field] > 0) amounts[field] = inputs[field];
  return { amounts, nisab_basis: inputs.nisab_basis, agriculture_irrigation: inputs.agriculture_irrigation };
}

/** Kept figures read back from storage; null for none (or anything that is not figures). */
export function readKeptFigures(json: string | null): KeptFigures | null {
  if (!json) return null;
  try {
    const parsed = keptFiguresSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The calculator's form values for kept figures (amounts as typed text). */
export function calculatorValuesOf(
  figures: KeptFigures,
): Partial<Record<ZakatAmountField | "nisab_basis" | "agriculture_irrigation", string>> {
  return {
    ...Object.fromEntries(Object.entries(figures.amounts).map(([field, amount]) => [field, String(amount)])),
    nisab_basis: figures.nisab_basis,
    agriculture_irrigation: figures.agriculture_irrigation,
  };
}

const FIGURE_WORDS: Record<KeptField, string> = {
  cash: "cash and bank balances",
  receivables: "money owed to you",
  stocks: "shares and funds",
  retirement: "retirement savings",
  investment_property: "investment property",
  other_valuables: "other valuables",
  livestock: "livestock",
  other_assets: "other assets",
  liabilities: "debts",
  gold_weight: "gold",
  silver_weight: "silver",
  business_goods: "business goods",
  agriculture_value: "harvest",
};

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "cash and bank balances $12,000.00, gold 20 g": what a donor sees of their kept figures. */
export function keptFiguresWords(figures: KeptFigures): string {
  const parts = Object.entries(figures.amounts).map(([field, amount]) => {
    const unit = field === "gold_weight" || field === "silver_weight" ? `${amount} g` : dollars.format(amount);
    return `${FIGURE_WORDS[field as KeptField]} ${unit}`;
  });
  return parts.length ? parts.join(", ") : "no amounts";
}

/** When a calculation's reminder falls: the calculation, the day Zakat is due again, and the reminder's day. */
export interface ReminderPlan {
  calculated_on: string;
  calculated_hijri: string;
  due_on: string;
  remind_on: string;
}

export function reminderPlanFor(calculatedOn: string): ReminderPlan {
  return {
    calculated_on: calculatedOn,
    calculated_hijri: formatHijri(calculatedOn),
    due_on: zakatDueAgainOn(calculatedOn),
    remind_on: zakatReminderOn(calculatedOn),
  };
}

/**
 * After a reminder is sent, the next year's: the calculation's Hijri day in the Hijri year
 * after the one just reminded, or later still when that reminder's day has already passed
 * (a site that was down for a long time sends one late reminder, never a backlog).
 */
export function nextDueAfter(
  calculatedOn: string,
  remindedDueOn: string,
  today: string,
): { due_on: string; remind_on: string } {
  let year = hijriDateOf(remindedDueOn).year + 1;
  let due = zakatDueInHijriYear(calculatedOn, year);
  while (addDays(due, -REMINDER_DAYS_BEFORE) <= today) {
    year += 1;
    due = zakatDueInHijriYear(calculatedOn, year);
  }
  return { due_on: due, remind_on: addDays(due, -REMINDER_DAYS_BEFORE) };
}
