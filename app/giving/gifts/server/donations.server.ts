import { sql, type ExpressionBuilder } from "kysely";
import {
  offlineGiftSchema,
  DONATION_FREQUENCIES,
  isDonationFrequency,
  type DonationFrequency,
  type PaymentMethod,
  tributeOf,
  tributeWords,
} from "~/giving/donate";
import { centsToDollars, dollarsToCents } from "~/shared/money";
import {
  inBatches,
  matchesUpToCap,
  olderThan,
  paged,
  pageOfRows,
  rowsOfPage,
  rowsWithIds,
  SEARCH_COUNT_CAP,
  searchPageOfRows,
} from "~/lib/list-pages.server";
import { getDb } from "~/lib/db.server";
import { todayIn } from "~/shared/dates";
import { countedTestFlags, getEnv } from "~/lib/env.server";
import { NotFoundError, parseOrThrow, ValidationError } from "~/lib/service-errors";
import { appealGiftCount, appealTitlesById, getAppeal } from "~/appeals/appeals/index.server";
import { tellOfTribute } from "./tribute-mail.server";
import { newReceiptToken, issueReceipt } from "~/giving/receipts/index.server";
import { cleanSearchTerm, containedInAny, ftsPhrase } from "~/lib/text-search.server";
import { currentEngine, withoutIndexHint } from "~/lib/sql-dialect.server";
import { countedRows } from "~/lib/list-counts.server";
import type { Database, DonationRow } from "../../../../db/schema";
import { getImpactStatistics } from "~/content/settings/index.server";
import { getFund, type Fund } from "~/funds/funds/index.server";
import { fundsById, placeGift, requireOpenFund } from "./gift-funds.server";
import { normalEmail } from "~/shared/donor-email";
import { recordAudit } from "~/staff/audit/index.server";

/** A recorded gift as the admin screens and GET /api/donations/ see it (amount in dollars). */
export interface Donation {
  id: number;
  name: string;
  email: string;
  amount: number;
  frequency: DonationFrequency;
  purpose: string;
  /** The fund the gift landed in ("Zakat al-Mal" for the purpose Zakat). */
  fund: string;
  /** What the gift was for ("Zakat al-Fitr for 5 people"), or "". */
  designation: string;
  /** The appeal the gift answered (its title), or "", and its id. */
  appeal: string;
  appeal_id: number | null;
  /** The card fee the donor covered, beside the amount (0 for none). */
  fee_cover: number;
  /** The donor asked that their name stay off public pages. */
  anonymous: boolean;
  /** "In memory of Fatima Ahmed", or "". */
  tribute: string;
  donated_at: string;
  payment_method: PaymentMethod;
  subscription_id: number | null;
  /** A test payment (the sandbox, Stripe test keys), not real money. */
  is_test: boolean;
}

/** The names a list of gifts shows: every fund, and the appeals its gifts answer. */
interface ListNames {
  funds: Map<number, Fund>;
  appeals: Map<number, { title: string }>;
}

async function namesFor(rows: DonationRow[], funds?: Map<number, Fund>): Promise<ListNames> {
  const appealIds = rows.flatMap((row) => (row.appeal_id ? [row.appeal_id] : []));
  return { funds: funds ?? (await fundsById()), appeals: await appealTitlesById(appealIds) };
}

function toDonation(row: DonationRow, names: ListNames): Donation {
  const tribute = tributeOf(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    amount: centsToDollars(row.amount_cents),
    frequency: row.frequency,
    purpose: row.purpose,
    fund: names.funds.get(row.fund_id)?.name ?? "",
    designation: row.designation,
    appeal: row.appeal_id ? (names.appeals.get(row.appeal_id)?.title ?? "") : "",
    appeal_id: row.appeal_id,
    fee_cover: centsToDollars(row.fee_cover_cents),
    anonymous: row.anonymous === 1,
    tribute: tribute ? tributeWords(tribute) : "",
    donated_at: row.donated_at,
    payment_method: row.payment_method,
    subscription_id: row.subscription_id,
    is_test: row.is_test === 1,
  };
}

export interface DonationTotals {
  totalCents: number;
  gifts: number;
  donors: number;
  /** The average gift on the Donations screen: the total divided by the donors, rounded to whole dollars. */
  averageDollars: number;
}

/**
 * Running totals, kept by database triggers, so reading them never scans the gifts.
 * Test payments count only while the site runs in a test mode (countedTestFlags).
 */
export async function getDonationTotals(): Promise<DonationTotals> {
  const rows = await getDb()
    .selectFrom("donation_totals")
    .selectAll()
    .where("is_test", "in", countedTestFlags())
    .execute();
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const totalCents = sum((row) => row.total_cents);
  const donors = sum((row) => row.donor_count);
  return {
    totalCents,
    gifts: sum((row) => row.gift_count),
    donors,
    averageDollars: donors ? Math.round(centsToDollars(totalCents) / donors) : 0,
  };
}

/**
 * GET /api/donations/stats: the homepage impact figures (edited by staff in Settings)
 * and the recorded donation totals (amount in dollars; donors counted by email).
 */
export interface DonationStats {
  impact: { meals: number; families: number; orphans: number };
  total_raised: number;
  total_donations: number;
  total_donors: number;
}

export async function getDonationStats(): Promise<DonationStats> {
  const [figures, totals] = await Promise.all([getImpactStatistics(), getDonationTotals()]);
  return {
    impact: { meals: figures.meals_provided, families: figures.families_supported, orphans: figures.orphans_cared_for },
    total_raised: figures.total_raised,
    total_donations: centsToDollars(totals.totalCents),
    total_donors: totals.donors,
  };
}

export interface DonationFilter {
  search?: string;
  frequency?: DonationFrequency;
  /** The gifts of one fund (its id). */
  fundId?: number;
  /** The gifts to one appeal (its id). */
  appealId?: number;
}

/**
 * The filter in a query string (?search=&frequency=&fund=&appeal=), shared by the Donations
 * screen, its CSV export and GET /api/donations/. An unknown frequency, fund or appeal is
 * reported and left out of the filter, not guessed.
 */
export async function readDonationFilter(
  params: URLSearchParams,
): Promise<{ filter: DonationFilter; problem?: string }> {
  const filter: DonationFilter = {};
  const problems: string[] = [];
  const search = params.get("search")?.trim();
  if (search) filter.search = search;
  const frequency = params.get("frequency");
  if (frequency) {
    if (isDonationFrequency(frequency)) filter.frequency = frequency;
    else problems.push(`frequency must be one of ${DONATION_FREQUENCIES.join(", ")}`);
  }
  const fund = params.get("fund")?.trim();
  if (fund) {
    const id = /^\d{1,9}$/.test(fund) ? Number(fund) : null;
    if (id !== null && (await fundsById()).has(id)) filter.fundId = id;
    else problems.push("fund must be a fund's id");
  }
  const appeal = params.get("appeal")?.trim();
  if (appeal) {
    const id = /^\d{1,9}$/.test(appeal) ? Number(appeal) : null;
    if (id !== null && (await appealTitlesById([id])).has(id)) filter.appealId = id;
    else problems.push("appeal must be an appeal's id");
  }
  return problems.length ? { filter, problem: problems.join("; ") } : { filter };
}

/**
 * How to find a search's matches fast on a long history. On SQLite a term of 3 characters
 * or more goes through the FTS5 trigram table, unless it matches more gifts than the cap
 * (an email domain, say): then walking the gifts newest first finds a page of them at once,
 * and the plain comparison is cheaper than gathering every match. Shorter terms, and every
 * term on PostgreSQL (whose trigram and pair indexes serve the comparison itself), are
 * "compared".
 */
type SearchPlan = { kind: "everything" } | { kind: "indexed"; match: string } | { kind: "compared"; search: string };

type Db = ReturnType<typeof getDb>;

async function planSearch(db: Db, filter: DonationFilter): Promise<SearchPlan> {
  const search = cleanSearchTerm(filter.search ?? "");
  if (!search) return { kind: "everything" };
  if (currentEngine() !== "postgres" && [...search].length >= 3) {
    const match = ftsPhrase(search);
    const { rows } = await sql<{ count: number }>`
      select count(*) as count from (
        select 1 from donations_search where donations_search match ${match} limit ${SEARCH_COUNT_CAP + 1}
      )`.execute(db);
    return Number(rows[0]?.count ?? 0) > SEARCH_COUNT_CAP ? { kind: "compared", search } : { kind: "indexed", match };
  }
  return { kind: "compared", search };
}

/** The filter as SQL, for a planned search. */
function matching(filter: DonationFilter, plan: SearchPlan) {
  return (eb: ExpressionBuilder<Database, "donations">) => {
    const conditions = [];
    if (plan.kind === "indexed") {
      conditions.push(
        sql<boolean>`${eb.ref("id")} in (select rowid from donations_search where donations_search match ${plan.match})`,
      );
    } else if (plan.kind === "compared") {
      conditions.push(containedInAny([eb.ref("name"), eb.ref("email")], plan.search));
    }
    if (filter.frequency) conditions.push(eb("frequency", "=", filter.frequency));
    if (filter.fundId !== undefined) conditions.push(eb("fund_id", "=", filter.fundId));
    if (filter.appealId !== undefined) conditions.push(eb("appeal_id", "=", filter.appealId));
    // A live site lists only real money; in a test mode every gift shows, tests marked.
    // On SQLite name and email comparisons read every row anyway: the unary plus keeps it
    // from walking the (hardly selective) live-gifts index to find them, one lookup a row.
    // PostgreSQL judges the flag by its statistics, which an expression would hide.
    const flags = countedTestFlags();
    if (flags.length === 1) {
      const hinted = plan.kind === "compared" && currentEngine() !== "postgres";
      conditions.push(
        hinted ? sql<boolean>`${withoutIndexHint("is_test")} = ${flags[0]!}` : eb("is_test", "=", flags[0]!),
      );
    }
    return eb.and(conditions);
  };
}

/** A frequency, fund or appeal beside the search (see matchesUpToCap). */
const narrowsSearch = (filter: DonationFilter) =>
  [filter.frequency, filter.fundId, filter.appealId].some((condition) => condition !== undefined);

/** Walking the date index (the screen's pages, many matches), or sorting the matches (few). */
type ReadingOrder = "walk" | "sort";

function newestFirst(db: Db, filter: DonationFilter, plan: SearchPlan, order: ReadingOrder = "walk") {
  const query = db.selectFrom("donations").selectAll().where(matching(filter, plan));
  return order === "sort"
    ? query.orderBy(withoutIndexHint("donated_at"), "desc").orderBy("id", "desc")
    : query.orderBy("donated_at", "desc").orderBy("id", "desc");
}

/**
 * How a read of every match (the API's list, the CSV export) goes newest first: a search
 * matching no more than SEARCH_COUNT_CAP gifts is gathered and sorted, since walking the
 * date index would pass every gift that does not match first (all 1.5 million of them for
 * a rare name); more matches are walked, and found at once.
 */
async function readingOrder(db: Db, filter: DonationFilter, plan: SearchPlan): Promise<ReadingOrder> {
  if (plan.kind === "everything") return "walk";
  const { places } = await matchesUpToCap(newestFirst(db, filter, plan), "donations", "donated_at", false);
  return places.length > SEARCH_COUNT_CAP ? "walk" : "sort";
}

/**
 * Every gift, or the gifts of one frequency, fund or appeal, from the counts the database
 * keeps (migration 0022, appeal_totals); only a combination of them is counted row by row.
 */
async function exactCount(db: Db, filter: DonationFilter): Promise<number> {
  const { frequency, fundId, appealId } = filter;
  const given = [frequency, fundId, appealId].filter((value) => value !== undefined).length;
  if (given === 0) return (await getDonationTotals()).gifts;
  if (given === 1 && frequency)
    return countedRows("donations_by_frequency", { value: frequency, isTest: countedTestFlags() });
  if (given === 1 && fundId !== undefined)
    return countedRows("donations_by_fund", { value: String(fundId), isTest: countedTestFlags() });
  if (given === 1 && appealId !== undefined) return appealGiftCount(appealId, countedTestFlags());
  const row = await db
    .selectFrom("donations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(matching(filter, { kind: "everything" }))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Gifts newest first, filtered in SQL: GET /api/donations/ with limit and offset. */
export async function listDonations(
  filter: DonationFilter = {},
  page: { limit?: number; offset?: number } = {},
): Promise<Donation[]> {
  const db = getDb();
  const plan = await planSearch(db, filter);
  let query = newestFirst(db, filter, plan, await readingOrder(db, filter, plan));
  query = paged(query, page);
  const rows = await query.execute();
  const names = await namesFor(rows);
  return rows.map((row) => toDonation(row, names));
}

export interface DonationPage {
  donations: Donation[];
  /** How many gifts match; a search counts at most SEARCH_COUNT_CAP and sets `capped` beyond it. */
  total: number;
  capped: boolean;
  /** The page shown: the one asked for, or the last there is (see findDonationPage). */
  page: number;
}

/**
 * The Donations screen: one page of matching gifts, and how many match in all. A page
 * past the end shows the last page there is, like every staff list, but only when the
 * total is exact: a search is counted no further than SEARCH_COUNT_CAP ("1,000+").
 */
export async function findDonationPage(filter: DonationFilter, page: number, pageSize: number): Promise<DonationPage> {
  const db = getDb();
  const plan = await planSearch(db, filter);
  const readRows = (limit: number, offset: number) =>
    rowsOfPage(newestFirst(db, filter, plan), "donations", limit, offset);
  const found =
    plan.kind === "everything"
      ? await pageOfRows(() => exactCount(db, filter), readRows, page, pageSize)
      : await searchPageOfRows(
          () => matchesUpToCap(newestFirst(db, filter, plan), "donations", "donated_at", narrowsSearch(filter)),
          readRows,
          (ids) => rowsWithIds(newestFirst(db, filter, plan), "donations", ids),
          page,
          pageSize,
        );
  const names = await namesFor(found.rows);
  return {
    donations: found.rows.map((row) => toDonation(row, names)),
    total: found.total,
    capped: found.capped ?? false,
    page: found.page,
  };
}

/**
 * Every gift matching the filter, newest first, a batch at a time (keyset paging), so
 * an export of any size streams with flat memory and never holds the database for long.
 */
export async function* donationsForExport(filter: DonationFilter = {}, batchSize = 1000): AsyncGenerator<Donation[]> {
  const db = getDb();
  const plan = await planSearch(db, filter);
  const order = await readingOrder(db, filter, plan);
  const funds = await fundsById();
  for await (const rows of inBatches(
    (after, limit) => {
      const query = newestFirst(db, filter, plan, order).limit(limit);
      return (after ? query.where(olderThan("donations", "donated_at", after)) : query).execute();
    },
    (row) => row.donated_at,
    (row) => row,
    batchSize,
  )) {
    const names = await namesFor(rows, funds);
    yield rows.map((row) => toDonation(row, names));
  }
}

/**
 * When an offline gift was received: now, or the day given (kept at noon UTC, which is
 * that same day from UTC-11 to UTC+11), never later than today where the foundation is.
 */
function offlineGiftDate(given: string | undefined): Date {
  if (!given) return new Date();
  const isDay = given.length === 10;
  const tooLate = isDay ? given > todayIn(getEnv().SITE_TIMEZONE) : Date.parse(given) > Date.now();
  if (tooLate) throw new ValidationError({ donated_at: ["The date cannot be in the future"] });
  return new Date(isDay ? `${given}T12:00:00Z` : given);
}

/**
 * A gift handed to staff (cash, cheque, a Ramadan collection): the admin form and
 * POST /api/donations/. It is marked with how it was paid and who recorded it, and lands
 * in the open fund its purpose names (Zakat al-Fitr received after Eid: general Sadaqa).
 */
export async function recordOfflineGift(input: unknown, recordedBy: string): Promise<Donation> {
  const gift = parseOrThrow(offlineGiftSchema, input);
  const donatedAt = offlineGiftDate(gift.donated_at).toISOString();
  const appeal = gift.appeal ? await appealForOfflineGift(gift.appeal) : null;
  const fund = appeal ? await getFund(appeal.fund_id) : await requireOpenFund(gift.purpose);
  // The gift and its receipt (when the donor left an email) are kept together.
  const row = await getDb()
    .transaction()
    .execute(async (trx) => {
      const recorded = await trx
        .insertInto("donations")
        .values({
          name: gift.name,
          email: normalEmail(gift.email),
          amount_cents: dollarsToCents(gift.amount),
          frequency: gift.frequency,
          ...(await placeGift(trx, { purpose: fund.purpose, designation: "", fundId: fund.id }, donatedAt)),
          appeal_id: appeal?.id ?? null,
          anonymous: gift.anonymous ? 1 : 0,
          tribute_kind: gift.tribute?.kind ?? "",
          tribute_name: gift.tribute?.name ?? "",
          tribute_email: gift.tribute?.email ?? "",
          donated_at: donatedAt,
          payment_method: gift.payment_method,
          recorded_by: recordedBy,
          receipt_token: newReceiptToken(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await issueReceipt(trx, recorded);
      await tellOfTribute(trx, recorded);
      // What was given and how, not who or their address: the gift itself keeps those.
      await recordAudit(
        {
          action: "create",
          entity: "donation",
          entityId: recorded.id,
          summary: `Offline gift from ${recorded.name}`,
          after: {
            amount_cents: recorded.amount_cents,
            frequency: recorded.frequency,
            purpose: recorded.purpose,
            fund_id: recorded.fund_id,
            appeal_id: recorded.appeal_id,
            payment_method: recorded.payment_method,
            donated_at: recorded.donated_at,
          },
        },
        trx,
      );
      return recorded;
    });
  return toDonation(row, await namesFor([row]));
}

/**
 * The appeal staff designate an offline gift to: any that has gone live, closed ones too
 * (a collection often arrives after an appeal ends), never a draft.
 */
async function appealForOfflineGift(ref: string): Promise<{ id: number; fund_id: number }> {
  try {
    return await getAppeal(ref, { staff: false });
  } catch (error) {
    if (error instanceof NotFoundError)
      throw new ValidationError({ appeal: ["Choose one of the appeals that have gone live"] });
    throw error;
  }
}
