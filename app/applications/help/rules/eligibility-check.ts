import { dollarsField, type EligibilityRow, type EligibilityTable } from "~/applications/records";
import { dollarsToCents } from "~/shared/money";
import { z } from "~/shared/zod";

/**
 * The eligibility checker's judgement (decision 160): what a family's figures say about an
 * application's chances, in three plain answers, and the indicative help for their household
 * size from the table staff set. Pure, and keeps nothing: the page asks it with what was typed.
 *
 * - `unlikely`: savings, less debts, above the savings limit (about the nisab): Zakat is
 *   for those who hold less than it.
 * - `likely`: savings within the limit, and essential costs above income (a monthly
 *   shortfall) or debts greater than savings.
 * - `possible`: savings within the limit, but income covers essential costs and savings
 *   cover debts: a one-off need or an emergency may still be helped.
 */
export const eligibilityQuerySchema = z.object({
  household_size: z.preprocess(
    (raw) => (typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : raw),
    z
      .number({ message: "Please say how many people live in your household" })
      .int("Please give the number of people as a whole number")
      .min(1, "Please count yourself: at least 1 person")
      .max(30, "Please give at most 30 people"),
  ),
  income: dollarsField("Monthly income"),
  costs: dollarsField("Monthly essential costs"),
  savings: dollarsField("Savings"),
  debts: dollarsField("Debts"),
});
export type EligibilityQuery = z.infer<typeof eligibilityQuerySchema>;
export const ELIGIBILITY_FIELDS = ["household_size", "income", "costs", "savings", "debts"] as const;

export type EligibilityLikelihood = "likely" | "possible" | "unlikely";

export interface EligibilityAnswer {
  likelihood: EligibilityLikelihood;
  /** Essential costs less income, per month; 0 when income covers them. */
  shortfall_cents: number;
  /** Savings less debts (never below 0), against the table's savings limit. */
  net_savings_cents: number;
  /** The indicative help for the household's size, or null when an application is unlikely to succeed. */
  range: { low_cents: number; high_cents: number } | null;
}

/** The table's row for a household: its own size's, or the largest row at or below it (the last covers larger ones). */
export function rowFor(table: EligibilityTable, householdSize: number): EligibilityRow | null {
  const rows = [...table.rows].sort((a, b) => a.household_size - b.household_size);
  let found: EligibilityRow | null = rows[0] ?? null;
  for (const row of rows) if (row.household_size <= householdSize) found = row;
  return found;
}

export function checkEligibility(query: EligibilityQuery, table: EligibilityTable): EligibilityAnswer {
  const income = dollarsToCents(query.income);
  const costs = dollarsToCents(query.costs);
  const savings = dollarsToCents(query.savings);
  const debts = dollarsToCents(query.debts);
  const shortfall = Math.max(0, costs - income);
  const netSavings = Math.max(0, savings - debts);
  const likelihood: EligibilityLikelihood =
    netSavings > table.savings_limit_cents ? "unlikely" : shortfall > 0 || debts > savings ? "likely" : "possible";
  const row = rowFor(table, query.household_size);
  return {
    likelihood,
    shortfall_cents: shortfall,
    net_savings_cents: netSavings,
    range: likelihood === "unlikely" || !row ? null : { low_cents: row.low_cents, high_cents: row.high_cents },
  };
}
