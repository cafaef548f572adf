import { sql, type Kysely } from "kysely";
import { buildTransparencyFigures, withinLunarYearPercent, type ReportCalendar } from "../rules/transparency";
import { isObligationBound, isZakatBound, ZAKAT_CATEGORIES, type FundKind } from "~/funds/funds";
import { type TransparencyReport } from "../rules/report-shapes";
import { todayIn } from "~/shared/dates";
import { formatHijri, gregorianDayOf } from "~/shared/hijri";
import { centsToDollars } from "~/shared/money";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { Database } from "../../../../db/schema";
import { publicCount } from "~/applications/grants";
import { householdsHelpedByCategory } from "~/applications/grants/index.server";

export type { TransparencyReport };

export interface ReportRequest {
  calendar?: ReportCalendar;
  year?: number | null;
}

/**
 * ?calendar=hijri|gregorian&year=: anything else is the default (Hijri, all years). A year
 * is written in plain digits ("1e3" and "0x10" are not years).
 */
export function readReportRequest(params: URLSearchParams): ReportRequest {
  const calendar = params.get("calendar") === "gregorian" ? "gregorian" : "hijri";
  const year = params.get("year")?.trim() ?? "";
  return { calendar, year: /^\d{1,4}$/.test(year) && Number(year) > 0 ? Number(year) : null };
}

/**
 * The report reads every day of gifts and every ledger entry: tens of milliseconds on a
 * large history, for figures that change only when a gift or an entry is recorded, or
 * the day turns. So each calendar and year's report is kept for as long as what it is
 * worked out from is unchanged: the funds' totals and gift counts (which every live gift
 * and every entry moves, and a test payment never does), the newest ledger entry, and
 * today. That state is read from the database on every request, so the report stays right
 * when several processes share one database.
 */
interface ReportBase {
  received: { fundId: number; day: string; cents: number }[];
  disbursed: { fundId: number; category: string | null; day: string; cents: number }[];
  latestDay: string | null;
}
const kept: { state: string; base: Promise<ReportBase> | null; reports: Map<string, TransparencyReport> } = {
  state: "",
  base: null,
  reports: new Map(),
};
/**
 * Reports kept per calendar and year, the least recently asked for dropped first. Only
 * years with figures are kept (and asked for): any other year is answered with all years,
 * so a stream of made-up years can neither fill the memory nor make the site work.
 */
const MOST_KEPT = 32;

type ReportFundRow = { id: number; name: string; kind: FundKind };

/** Each fund's totals as the database keeps them on its row (live gifts only, test payments never). */
function fundTotals(db: Kysely<Database> = getDb()) {
  return db
    .selectFrom("funds")
    .select(["id", "name", "kind", "received_cents", "gift_count", "disbursed_cents"])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

/**
 * What the report shows as received, all years and every fund added up, in dollars: the
 * homepage's Total Raised when it comes from the books. Read from the funds' kept totals,
 * the figures the report's own state is read from, so the two pages cannot disagree.
 * `db` an open transaction.
 */
export async function receivedToDate(db: Kysely<Database> = getDb()): Promise<number> {
  const funds = await fundTotals(db);
  return centsToDollars(funds.reduce((total, fund) => total + Number(fund.received_cents), 0));
}

/**
 * What the books received from gifts given since `since` (an ISO time), in dollars, counted
 * as the funds count them: live gifts only, each in its fund and its fee cover in the fund
 * that bears the costs. One sum over the live gifts' index on the day given. A gift staff
 * record with an earlier date is not in it. `db` an open transaction.
 */
export async function receivedSince(since: string, db: Kysely<Database> = getDb()): Promise<number> {
  const row = await db
    .selectFrom("donations")
    .select(
      sql<string | number | null>`sum(amount_cents + case when fee_fund_id is null then 0 else fee_cover_cents end)`.as(
        "cents",
      ),
    )
    .where("is_test", "=", 0)
    .where("donated_at", ">=", since)
    .executeTakeFirst();
  return centsToDollars(Number(row?.cents ?? 0));
}

async function reportState(today: string): Promise<{ state: string; funds: ReportFundRow[] }> {
  const db = getDb();
  const [funds, newest] = await Promise.all([
    fundTotals(),
    // Not the newest gift: a sandbox test payment would throw the report away for figures it never changes.
    sql<{ entry: number | null }>`select max(id) as entry from disbursements`.execute(db),
  ]);
  return {
    state: JSON.stringify([today, newest.rows[0], funds]),
    funds: funds.map(({ id, name, kind }) => ({ id, name, kind })),
  };
}

export async function getTransparencyReport(request: ReportRequest = {}): Promise<TransparencyReport> {
  const today = todayIn(getEnv().SITE_TIMEZONE);
  const { state, funds } = await reportState(today);
  if (state !== kept.state) {
    kept.state = state;
    kept.base = null;
    kept.reports.clear();
  }
  const calendar = request.calendar ?? "hijri";
  const allYears = await keptReport(state, { calendar, year: null }, funds, today);
  const year = request.year != null && allYears.years.includes(request.year) ? request.year : null;
  const report = year === null ? allYears : await keptReport(state, { calendar, year }, funds, today);
  // A copy: a caller that changes its report must not change the one kept.
  return structuredClone(report);
}

async function keptReport(
  state: string,
  request: Required<ReportRequest>,
  funds: ReportFundRow[],
  today: string,
): Promise<TransparencyReport> {
  const key = `${request.calendar}:${request.year ?? ""}`;
  let report = kept.reports.get(key);
  if (report) {
    kept.reports.delete(key);
  } else {
    kept.base ??= readReportBase().catch((error: unknown) => {
      kept.base = null;
      throw error;
    });
    const households = await householdsHelpedByCategory(periodOf(request));
    report = workOutReport(request, await kept.base, funds, today, households);
    if (kept.state !== state) return report;
    if (kept.reports.size >= MOST_KEPT) kept.reports.delete(kept.reports.keys().next().value!);
  }
  kept.reports.set(key, report);
  return report;
}

/** What every report is worked out from: gifts per fund and day, and the entries that stand. */
async function readReportBase(): Promise<ReportBase> {
  const db = getDb();
  const [received, disbursed, latest] = await Promise.all([
    db.selectFrom("fund_daily_receipts").select(["fund_id as fundId", "day", "received_cents as cents"]).execute(),
    // Disbursements that stand: a reversed entry and its reversal never happened.
    db
      .selectFrom("disbursements as entry")
      .select([
        "entry.fund_id as fundId",
        "entry.category",
        "entry.disbursed_on as day",
        sql<number>`sum(entry.amount_cents)`.as("cents"),
      ])
      .where("entry.kind", "=", "disbursement")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("disbursements as reversal")
              .select("reversal.id")
              .whereRef("reversal.reverses_id", "=", "entry.id"),
          ),
        ),
      )
      .groupBy(["entry.fund_id", "entry.category", "entry.disbursed_on"])
      .execute(),
    db
      .selectFrom("disbursements")
      .select((eb) => eb.fn.max("disbursed_on").as("day"))
      .executeTakeFirst(),
  ]);
  return {
    received,
    disbursed: disbursed.map((row) => ({ ...row, cents: Number(row.cents) })),
    latestDay: latest?.day ? String(latest.day) : null,
  };
}

/**
 * The days a report's year covers, [from, to): a Hijri year from 1 Muharram, a Gregorian one
 * from 1 January; all years, no bounds.
 */
function periodOf(request: Required<ReportRequest>): { from?: string; to?: string } {
  if (request.year === null) return {};
  if (request.calendar === "gregorian") return { from: `${request.year}-01-01`, to: `${request.year + 1}-01-01` };
  return {
    from: gregorianDayOf({ year: request.year, month: 1, day: 1 }),
    to: gregorianDayOf({ year: request.year + 1, month: 1, day: 1 }),
  };
}

function workOutReport(
  request: Required<ReportRequest>,
  base: ReportBase,
  funds: ReportFundRow[],
  today: string,
  households: Map<string, number>,
): TransparencyReport {
  const calendar = request.calendar;
  const figures = buildTransparencyFigures({
    funds,
    received: base.received,
    disbursed: base.disbursed,
    calendar,
    year: request.year,
    today,
  });
  const zakatFunds = figures.funds.filter((item) => isZakatBound(item.fund.kind));
  const zakatDistributed = figures.zakatByCategory.reduce((total, item) => total + item.cents, 0);
  const latestDay = base.latestDay;
  return {
    calendar,
    year: figures.year,
    years: figures.years,
    latest_entry_on: latestDay,
    latest_entry_on_hijri: latestDay ? formatHijri(latestDay) : null,
    funds: figures.funds.map((item) => ({
      name: item.fund.name,
      kind: item.fund.kind,
      is_zakat: isZakatBound(item.fund.kind),
      is_obligation: isObligationBound(item.fund.kind),
      received: centsToDollars(item.receivedCents),
      distributed: centsToDollars(item.distributedCents),
      held: centsToDollars(item.heldCents),
    })),
    zakat: {
      received: centsToDollars(zakatFunds.reduce((total, item) => total + item.receivedCents, 0)),
      distributed: centsToDollars(zakatFunds.reduce((total, item) => total + item.distributedCents, 0)),
      held: centsToDollars(zakatFunds.reduce((total, item) => total + item.heldCents, 0)),
      by_category: figures.zakatByCategory.map((item) => ({
        key: item.key,
        english: item.english,
        arabic: item.arabic,
        amount: centsToDollars(item.cents),
        percent: zakatDistributed ? Math.round((item.cents / zakatDistributed) * 1000) / 10 : 0,
      })),
      // Households helped through applications, per category: a count under five is only "fewer than 5".
      households_helped: ZAKAT_CATEGORIES.filter((category) => (households.get(category.key) ?? 0) > 0).map(
        (category) => ({
          key: category.key,
          english: category.english,
          arabic: category.arabic,
          households: publicCount(households.get(category.key)!),
        }),
      ),
      by_year: figures.zakatYears
        .filter((item) => request.year == null || item.year === request.year)
        .map((item) => ({
          year: item.year,
          received: centsToDollars(item.receivedCents),
          distributed: centsToDollars(item.distributedCents),
          distributed_within_lunar_year: centsToDollars(item.withinLunarYearCents),
          within_lunar_year_percent: withinLunarYearPercent(item),
          still_open: item.stillOpen,
        })),
    },
  };
}
