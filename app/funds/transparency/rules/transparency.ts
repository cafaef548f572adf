import { addDays, hijriYearOf, LUNAR_YEAR_DAYS } from "~/shared/hijri";
import { isObligationBound, isZakatBound, type FundKind, ZAKAT_CATEGORIES } from "~/funds/funds";
import { matchOldestFirst, type DayAmount, type MatchedReceipt } from "./oldest-first";

/**
 * The public transparency report, worked out from aggregates only (money per fund and
 * day, the ledger per fund, category and day): never a donor, a recipient or a document.
 * Amounts are cents here; the service turns them into the API's dollars.
 */
export type ReportCalendar = "hijri" | "gregorian";

export interface ReportFund {
  id: number;
  name: string;
  kind: FundKind;
}

export interface FundDay extends DayAmount {
  fundId: number;
}

export interface LedgerDay extends DayAmount {
  fundId: number;
  category: string | null;
}

export interface ReportInput {
  funds: ReportFund[];
  /** Live gifts per fund and day. */
  received: FundDay[];
  /** Disbursements that stand (not reversed), per fund, category and day. */
  disbursed: LedgerDay[];
  calendar: ReportCalendar;
  /** The year shown, in `calendar`; null for all years. */
  year: number | null;
  today: string;
}

export interface FundFigures {
  fund: ReportFund;
  receivedCents: number;
  distributedCents: number;
  /** Held at the end of the year shown (now, for all years). */
  heldCents: number;
}

export interface CategoryFigures {
  key: string;
  english: string;
  arabic: string;
  cents: number;
}

export interface ZakatYear {
  year: number;
  receivedCents: number;
  /** Of the Zakat received that year, how much has gone out, oldest first. */
  distributedCents: number;
  withinLunarYearCents: number;
  /** Some of that year's Zakat is less than a lunar year old: its share may still rise. */
  stillOpen: boolean;
}

export interface TransparencyFigures {
  calendar: ReportCalendar;
  year: number | null;
  /** Every year with a gift or a disbursement, newest first, in `calendar`. */
  years: number[];
  funds: FundFigures[];
  zakatByCategory: CategoryFigures[];
  zakatYears: ZakatYear[];
}

export function yearIn(calendar: ReportCalendar, day: string): number {
  return calendar === "hijri" ? hijriYearOf(day) : Number(day.slice(0, 4));
}

export function buildTransparencyFigures(input: ReportInput): TransparencyFigures {
  const { calendar, year } = input;
  const yearOf = (day: string) => yearIn(calendar, day);
  const inYear = (day: string) => year === null || yearOf(day) === year;
  const upToYearEnd = (day: string) => year === null || yearOf(day) <= year;

  const funds = input.funds.map((fund) => {
    const sum = (items: DayAmount[], keep: (day: string) => boolean) =>
      items.reduce((total, item) => (keep(item.day) ? total + item.cents : total), 0);
    const received = input.received.filter((item) => item.fundId === fund.id);
    const disbursed = input.disbursed.filter((item) => item.fundId === fund.id);
    return {
      fund,
      receivedCents: sum(received, inYear),
      distributedCents: sum(disbursed, inYear),
      heldCents: sum(received, upToYearEnd) - sum(disbursed, upToYearEnd),
    };
  });

  const zakatFundIds = new Set(input.funds.filter((fund) => isZakatBound(fund.kind)).map((fund) => fund.id));
  const zakatDisbursed = input.disbursed.filter((item) => zakatFundIds.has(item.fundId) && inYear(item.day));
  const zakatByCategory = ZAKAT_CATEGORIES.map((category) => ({
    ...category,
    cents: zakatDisbursed.reduce((total, item) => (item.category === category.key ? total + item.cents : total), 0),
  }));

  const years = new Set<number>();
  for (const item of [...input.received, ...input.disbursed]) years.add(yearOf(item.day));

  return {
    calendar,
    year,
    years: [...years].sort((a, b) => b - a),
    funds: funds.filter(
      (figures) =>
        isObligationBound(figures.fund.kind) || figures.receivedCents || figures.distributedCents || figures.heldCents,
    ),
    zakatByCategory,
    zakatYears: zakatYears(input, zakatFundIds, yearOf),
  };
}

/** Per year of receipt: Zakat in, what of it went out, and what went out within a lunar year. */
function zakatYears(input: ReportInput, zakatFundIds: Set<number>, yearOf: (day: string) => number): ZakatYear[] {
  const matched: MatchedReceipt[] = [];
  for (const fundId of zakatFundIds) {
    const { receipts } = matchOldestFirst(
      input.received.filter((item) => item.fundId === fundId),
      input.disbursed.filter((item) => item.fundId === fundId),
    );
    matched.push(...receipts);
  }
  const lunarYearAgo = addDays(input.today, -LUNAR_YEAR_DAYS);
  const byYear = new Map<number, ZakatYear>();
  for (const receipt of matched) {
    const year = yearOf(receipt.day);
    const figures = byYear.get(year) ?? {
      year,
      receivedCents: 0,
      distributedCents: 0,
      withinLunarYearCents: 0,
      stillOpen: false,
    };
    figures.receivedCents += receipt.cents;
    figures.distributedCents += receipt.distributedCents;
    figures.withinLunarYearCents += receipt.withinLunarYearCents;
    if (receipt.day > lunarYearAgo && receipt.distributedCents < receipt.cents) figures.stillOpen = true;
    byYear.set(year, figures);
  }
  return [...byYear.values()].sort((a, b) => b.year - a.year);
}

/** The within-a-lunar-year share as a whole percentage (rounded down, so 99.6 % is never "100 %"). */
export function withinLunarYearPercent(figures: Pick<ZakatYear, "receivedCents" | "withinLunarYearCents">): number {
  return figures.receivedCents ? Math.floor((figures.withinLunarYearCents / figures.receivedCents) * 100) : 0;
}
