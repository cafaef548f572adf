import { dollarsToCents } from "~/shared/money";
import { ESSENTIAL_COSTS, INCOME_SOURCES, type ApplicantRecord } from "./application-form";

type Money = Pick<ApplicantRecord, (typeof INCOME_SOURCES)[number]["key"] | (typeof ESSENTIAL_COSTS)[number]["key"]>;

export function monthlyIncomeCents(record: Money): number {
  return INCOME_SOURCES.reduce((sum, { key }) => sum + dollarsToCents(record[key]), 0);
}

export function monthlyCostsCents(record: Money): number {
  return ESSENTIAL_COSTS.reduce((sum, { key }) => sum + dollarsToCents(record[key]), 0);
}

/** What the household lacks each month to meet its essential costs: costs less income, never below zero. */
export function monthlyShortfallCents(record: Money): number {
  return Math.max(0, monthlyCostsCents(record) - monthlyIncomeCents(record));
}
