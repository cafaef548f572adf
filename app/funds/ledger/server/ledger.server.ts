import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import {
  disbursementSchema,
  reversalSchema,
  isZakatBound,
  isZakatCategory,
  zakatCategoryLabel,
  type DisbursementInput,
  type ReversalInput,
  type ZakatCategoryKey,
} from "~/funds/funds";
import { shortfallOf, type Shortfall } from "../rules/running-balance";
import { type DayAmount } from "~/funds/transparency";
import { isRealDate, todayIn } from "~/shared/dates";
import { formatHijri } from "~/shared/hijri";
import { centsToDollars, dollarsToCents, formatExactCents } from "~/shared/money";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import {
  inBatches,
  matchesUpToCap,
  newestOrder,
  olderThan,
  pageOfRows,
  paged,
  rowsOfPage,
  rowsWithIds,
  searchPageOfRows,
  type ListPage,
} from "~/lib/list-pages.server";
import { ConflictError, NotFoundError, parseOrThrow, ValidationError } from "~/lib/service-errors";
import { matchesText } from "~/lib/text-search.server";
import type { Database, DisbursementRow, LedgerEntryKind } from "../../../../db/schema";
import { fundRow } from "~/funds/funds/index.server";
import { uniqueViolation } from "~/lib/sql-dialect.server";

/** What a ledger entry and a request for one both say: the money, its fund, its day and its purpose. */
export interface LedgerLine {
  id: number;
  kind: LedgerEntryKind;
  fund_id: number;
  fund_name: string;
  /** Dollars, always positive; a reversal puts this much back into the fund. */
  amount: number;
  disbursed_on: string;
  disbursed_on_hijri: string;
  category: ZakatCategoryKey | null;
  category_label: string;
  programme: string;
  region: string;
  description: string;
  /** A proof document is kept (shown to staff only, never in the API's public figures). */
  has_proof: boolean;
  /** For a reversal: the entry it reverses. */
  reverses_id: number | null;
}

/**
 * The ledger of what went out. Entries are only ever added: a mistake is put right by a
 * reversal that names the entry it reverses (the database refuses any change or
 * deletion, and refuses a disbursement its fund's balance cannot cover, inside the
 * insert, so two staff recording at once can never take a fund below zero).
 */
export interface LedgerEntry extends LedgerLine {
  /** For a disbursement that was reversed: the reversal. */
  reversed_by_id: number | null;
  recorded_by: string;
  recorded_at: string;
  /**
   * For an entry at or above the approval threshold (decision 152): who asked for it and who
   * approved it, and when ('' and null for an entry recorded below the threshold).
   */
  requested_by: string;
  approved_by: string;
  approved_at: string | null;
}

type Db = Kysely<Database>;
type EntryRow = DisbursementRow & { fund_name: string; reversed_by_id: number | null };

function toEntry(row: EntryRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    fund_id: row.fund_id,
    fund_name: row.fund_name,
    amount: centsToDollars(row.amount_cents),
    disbursed_on: row.disbursed_on,
    disbursed_on_hijri: formatHijri(row.disbursed_on),
    category: isZakatCategory(row.category) ? row.category : null,
    category_label: row.category ? zakatCategoryLabel(row.category) : "",
    programme: row.programme,
    region: row.region,
    description: row.description,
    has_proof: row.proof_filename !== "",
    reverses_id: row.reverses_id,
    reversed_by_id: row.reversed_by_id,
    recorded_by: row.recorded_by,
    recorded_at: row.recorded_at,
    requested_by: row.requested_by,
    approved_by: row.approved_by,
    approved_at: row.approved_at,
  };
}

function entries(db: Db) {
  return db
    .selectFrom("disbursements")
    .innerJoin("funds", "funds.id", "disbursements.fund_id")
    .selectAll("disbursements")
    .select("funds.name as fund_name")
    .select((eb) =>
      eb
        .selectFrom("disbursements as reversal")
        .select("reversal.id")
        .whereRef("reversal.reverses_id", "=", "disbursements.id")
        .as("reversed_by_id"),
    );
}

export async function getLedgerEntry(id: number): Promise<LedgerEntry> {
  const row = await entries(getDb()).where("disbursements.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Ledger entry not found");
  return toEntry(row);
}

/** The proof document's stored name, for the staff-only download. */
export async function proofOf(id: number): Promise<string> {
  const row = await getDb()
    .selectFrom("disbursements")
    .select("proof_filename")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row?.proof_filename) throw new NotFoundError("No proof document is kept for this entry");
  return row.proof_filename;
}

const OVERDRAFT = /fund balance is not enough/i;

/** The database refused an entry that passed the balance check: another one was recorded in between. */
class OverdrawnMeanwhile extends Error {
  constructor(readonly fundName: string) {
    super("The fund's balance changed while the entry was being recorded");
  }
}

function notLaterThanToday(day: string, field: string): void {
  if (day > todayIn(getEnv().SITE_TIMEZONE))
    throw new ValidationError({ [field]: ["The date cannot be in the future"] });
}

function overdraftMessage(fundName: string, balanceCents: number, amountCents: number): string {
  return `The ${fundName} balance is not enough: it holds ${formatExactCents(balanceCents)}, and this disbursement is ${formatExactCents(amountCents)}. Nothing was recorded.`;
}

function shortOnTheDayMessage(fundName: string, on: string, short: Shortfall, amountCents: number): string {
  const [held, amount, most] = [short.heldCents, amountCents, short.mostCents].map(formatExactCents);
  if (short.day === on && short.mostCents === short.heldCents) {
    return `The ${fundName} balance is not enough on ${on}: it held ${held} then, and this disbursement is ${amount}. Nothing was recorded.`;
  }
  return `The ${fundName} balance is not enough on ${short.day}, after what was given out up to that day: it held ${held} then, and this disbursement, dated ${on}, is ${amount}; at most ${most} can be given on ${on}. Nothing was recorded.`;
}

/** What a fund received, and gave out in the entries that stand (not reversed), per day. */
async function fundDays(db: Db, fundId: number): Promise<{ received: DayAmount[]; disbursed: DayAmount[] }> {
  const received = await db
    .selectFrom("fund_daily_receipts")
    .select(["day", "received_cents as cents"])
    .where("fund_id", "=", fundId)
    .execute();
  const disbursed = await db
    .selectFrom("disbursements as entry")
    .select(["entry.disbursed_on as day", sql<number>`sum(entry.amount_cents)`.as("cents")])
    .where("entry.fund_id", "=", fundId)
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
    .groupBy("entry.disbursed_on")
    .execute();
  return { received, disbursed: disbursed.map((row) => ({ day: row.day, cents: Number(row.cents) })) };
}

/**
 * A disbursement dated in the past must fit what the fund held then, and must not take
 * money a later disbursement already gave: its balance stays at zero or more on that day
 * and every day after. Read in the caller's transaction, so no entry lands in between.
 */
async function refuseShortOnTheDay(
  trx: Db,
  fund: { id: number; name: string },
  on: string,
  amountCents: number,
): Promise<void> {
  const { received, disbursed } = await fundDays(trx, fund.id);
  const short = shortfallOf(received, disbursed, on, amountCents);
  if (short) throw new ConflictError(shortOnTheDayMessage(fund.name, on, short, amountCents));
}

/** Who wrote an entry; for one written by approving a request, who asked and who approved. */
export interface EntryStamps {
  recordedBy: string;
  proofFilename?: string;
  requestedBy?: string;
  approvedBy?: string;
}

/** A disbursement's input, read and checked by its rules before anything is written. */
export function readDisbursement(input: unknown): { entry: DisbursementInput; amountCents: number } {
  const entry = parseOrThrow(disbursementSchema, input);
  notLaterThanToday(entry.disbursed_on, "disbursed_on");
  return { entry, amountCents: dollarsToCents(entry.amount) };
}

/**
 * Everything a disbursement must meet before it may be written: its fund, the category rule
 * and the balance (today's, and on its day when it is dated in the past). Read in the
 * caller's transaction, with the fund's row locked on PostgreSQL until the transaction ends.
 */
export async function checkDisbursement(trx: Db, entry: DisbursementInput, amountCents: number) {
  // Locked (on PostgreSQL) until the entry is in: another disbursement from this fund waits, then sees it.
  const fund = await fundRow(trx, entry.fund_id, { lock: true }).catch(() => {
    throw new ValidationError({ fund_id: ["Please choose one of the funds"] });
  });
  if (isZakatBound(fund.kind) && !entry.category) {
    throw new ValidationError({ category: ["Zakat is given only to the eight categories: please choose one"] });
  }
  if (!isZakatBound(fund.kind) && entry.category) {
    throw new ValidationError({
      category: [`The eight categories are for Zakat; leave the category empty for ${fund.name}`],
    });
  }
  const balance = fund.received_cents - fund.disbursed_cents;
  if (amountCents > balance) throw new ConflictError(overdraftMessage(fund.name, balance, amountCents));
  // Dated today, the balance now is the balance of its day (and a gift's day is its UTC
  // date, which can already be tomorrow's where the site's day is behind UTC's).
  if (entry.disbursed_on < todayIn(getEnv().SITE_TIMEZONE))
    await refuseShortOnTheDay(trx, fund, entry.disbursed_on, amountCents);
  return { ...fund, category: isZakatBound(fund.kind) ? (entry.category ?? null) : null };
}

/** Writes a checked disbursement in the caller's transaction; the database checks the balance once more. */
export async function insertDisbursement(
  trx: Db,
  entry: DisbursementInput,
  amountCents: number,
  stamps: EntryStamps,
): Promise<number> {
  const fund = await checkDisbursement(trx, entry, amountCents);
  try {
    const row = await trx
      .insertInto("disbursements")
      .values({
        kind: "disbursement",
        fund_id: fund.id,
        amount_cents: amountCents,
        disbursed_on: entry.disbursed_on,
        category: fund.category,
        programme: entry.programme,
        region: entry.region,
        description: entry.description,
        proof_filename: stamps.proofFilename ?? "",
        recorded_by: stamps.recordedBy,
        recorded_at: nowIso(),
        ...approvalStamps(stamps),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    // Another writer took the balance between the check and the insert: the database said no.
    if (error instanceof Error && OVERDRAFT.test(error.message)) throw new OverdrawnMeanwhile(fund.name);
    throw error;
  }
}

function approvalStamps(stamps: EntryStamps) {
  return stamps.approvedBy
    ? { requested_by: stamps.requestedBy ?? "", approved_by: stamps.approvedBy, approved_at: nowIso() }
    : {};
}

/**
 * Runs a write of the ledger in a transaction; the database's own refusal of an overdraft
 * (another entry took the balance in between) becomes the 409 recording answers.
 */
export async function inLedgerTransaction<T>(
  fundId: number,
  amountCents: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const db = getDb();
  return db
    .transaction()
    .execute(work)
    .catch(async (error: unknown) => {
      // Read once the transaction is over: PostgreSQL reads nothing more in a failed one.
      if (!(error instanceof OverdrawnMeanwhile)) throw error;
      const now = await fundRow(db, fundId);
      throw new ConflictError(overdraftMessage(error.fundName, now.received_cents - now.disbursed_cents, amountCents));
    });
}

/**
 * Records money that went out of a fund. A Zakat fund's disbursement names one of the
 * eight categories; other funds' never do. More than the balance is refused (409), and
 * nothing is stored. This writes the entry whatever its amount: staff's forms and the API
 * go through `submitDisbursement` (approvals.server.ts), which asks for a second person
 * at or above the approval threshold.
 */
export async function recordDisbursement(input: unknown, recordedBy: string, proofFilename = ""): Promise<LedgerEntry> {
  const { entry, amountCents } = readDisbursement(input);
  const id = await inLedgerTransaction(entry.fund_id, amountCents, (trx) =>
    insertDisbursement(trx, entry, amountCents, { recordedBy, proofFilename }),
  );
  return getLedgerEntry(id);
}

/** A reversal's input, read by its rules, with its day (today when none is given). */
export function readReversal(input: unknown): { reversal: ReversalInput; day: string } {
  const reversal = parseOrThrow(reversalSchema, input);
  const day = reversal.disbursed_on ?? todayIn(getEnv().SITE_TIMEZONE);
  notLaterThanToday(day, "disbursed_on");
  return { reversal, day };
}

/** The entry a reversal names, when it may be reversed on `day`; refused otherwise. */
export async function reversibleEntry(trx: Db, reversesId: number, day: string): Promise<DisbursementRow> {
  const original = await trx.selectFrom("disbursements").selectAll().where("id", "=", reversesId).executeTakeFirst();
  if (!original) throw new ValidationError({ reverses_id: ["There is no ledger entry with this number"] });
  if (original.kind === "reversal")
    throw new ConflictError(`Entry ${original.id} is itself a reversal and cannot be reversed`);
  const existing = await trx
    .selectFrom("disbursements")
    .select("id")
    .where("reverses_id", "=", original.id)
    .executeTakeFirst();
  if (existing) throw new ConflictError(`Entry ${original.id} was already reversed by entry ${existing.id}`);
  if (day < original.disbursed_on) {
    throw new ValidationError({
      disbursed_on: [`A reversal cannot be dated before the entry it reverses (${original.disbursed_on})`],
    });
  }
  return original;
}

/** Writes a reversal of a checked entry in the caller's transaction. */
export async function insertReversal(
  trx: Db,
  original: DisbursementRow,
  reason: { description: string; day: string },
  stamps: EntryStamps,
): Promise<number> {
  const row = await trx
    .insertInto("disbursements")
    .values({
      kind: "reversal",
      fund_id: original.fund_id,
      amount_cents: original.amount_cents,
      disbursed_on: reason.day,
      category: original.category,
      programme: original.programme,
      region: original.region,
      description: reason.description,
      reverses_id: original.id,
      recorded_by: stamps.recordedBy,
      recorded_at: nowIso(),
      ...approvalStamps(stamps),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Two staff reversing the same entry at the same moment: the database kept the first. */
export async function alreadyReversedMeanwhile(error: unknown, reversesId: number): Promise<never> {
  if (!uniqueViolation(error)?.constraint.includes("reverses_id")) throw error;
  const first = await getDb()
    .selectFrom("disbursements")
    .select("id")
    .where("reverses_id", "=", reversesId)
    .executeTakeFirstOrThrow();
  throw new ConflictError(`Entry ${reversesId} was already reversed by entry ${first.id}`);
}

/**
 * Puts a mistaken disbursement right: a reversal of the same fund and amount, naming it.
 * It always may put the money back, but not on a day before the entry went out. Like
 * `recordDisbursement`, this writes whatever the amount; staff go through `submitReversal`.
 */
export async function recordReversal(input: unknown, recordedBy: string): Promise<LedgerEntry> {
  const { reversal, day } = readReversal(input);
  const id = await getDb()
    .transaction()
    .execute(async (trx) => {
      const original = await reversibleEntry(trx, reversal.reverses_id, day);
      return insertReversal(trx, original, { description: reversal.description, day }, { recordedBy });
    })
    .catch((error: unknown) => alreadyReversedMeanwhile(error, reversal.reverses_id));
  return getLedgerEntry(id);
}

/** Any attempt to change or delete an entry: the ledger is append-only. */
export function refuseLedgerChange(): never {
  throw new ConflictError(
    "Ledger entries are never changed or deleted. To put a mistake right, record a reversal that names the entry.",
  );
}

export interface LedgerFilter {
  fundId?: number;
  category?: ZakatCategoryKey;
  /** 'YYYY-MM-DD', inclusive */
  from?: string;
  to?: string;
  search?: string;
}

/**
 * The ledger filter in a query string (?fund=&category=&from=&to=&search=), shared by the
 * Funds screen, its CSV and GET /api/disbursements/. Anything unusable is reported.
 */
export function readLedgerFilter(params: URLSearchParams): { filter: LedgerFilter; problem?: string } {
  const filter: LedgerFilter = {};
  const problems: string[] = [];
  const fund = params.get("fund")?.trim();
  if (fund) {
    if (/^\d{1,9}$/.test(fund)) filter.fundId = Number(fund);
    else problems.push("fund must be a fund's id");
  }
  const category = params.get("category")?.trim();
  if (category) {
    if (isZakatCategory(category)) filter.category = category;
    else problems.push("category must be one of the eight categories");
  }
  for (const edge of ["from", "to"] as const) {
    const day = params.get(edge)?.trim();
    if (!day) continue;
    if (isRealDate(day)) filter[edge] = day;
    else problems.push(`${edge} must be a date as YYYY-MM-DD`);
  }
  const search = params.get("search")?.trim();
  if (search) filter.search = search;
  return problems.length ? { filter, problem: problems.join("; ") } : { filter };
}

function matching(filter: LedgerFilter) {
  return (eb: ExpressionBuilder<Database, "disbursements">) => {
    const conditions = [];
    if (filter.fundId !== undefined) conditions.push(eb("disbursements.fund_id", "=", filter.fundId));
    if (filter.category) conditions.push(eb("disbursements.category", "=", filter.category));
    if (filter.from) conditions.push(eb("disbursements.disbursed_on", ">=", filter.from));
    if (filter.to) conditions.push(eb("disbursements.disbursed_on", "<=", filter.to));
    if (filter.search) {
      conditions.push(
        matchesText(
          {
            table: "disbursements",
            index: "disbursements_search",
            columns: ["programme", "region", "description", "recorded_by"],
          },
          filter.search,
        ),
      );
    }
    return eb.and(conditions);
  };
}

function newestFirst(db: Db, filter: LedgerFilter) {
  return newestOrder(entries(db).where(matching(filter)), "disbursements", "disbursed_on");
}

/** Every entry has its fund, so the count needs no join (a join makes SQLite read the ledger fund by fund). */
async function countEntries(db: Db, filter: LedgerFilter): Promise<number> {
  const row = await db
    .selectFrom("disbursements")
    .select(sql<number>`count(*)`.as("count"))
    .where(matching(filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the ledger, newest first (past the end: the last page). */
export async function findLedgerPage(
  filter: LedgerFilter,
  page: number,
  pageSize: number,
): Promise<ListPage<LedgerEntry>> {
  const db = getDb();
  const readRows = async (limit: number, offset: number) =>
    (await rowsOfPage(newestFirst(db, filter), "disbursements", limit, offset)).map(toEntry);
  if (!filter.search) return pageOfRows(() => countEntries(db, filter), readRows, page, pageSize);
  // A search's matches are gathered up to the cap, without the funds' join, then read as a page.
  return searchPageOfRows(
    () => {
      const narrowed = [filter.fundId, filter.category, filter.from, filter.to].some(
        (condition) => condition !== undefined,
      );
      return matchesUpToCap(
        newestOrder(db.selectFrom("disbursements").where(matching(filter)), "disbursements", "disbursed_on"),
        "disbursements",
        "disbursed_on",
        narrowed,
      );
    },
    readRows,
    async (ids) => (await rowsWithIds(newestFirst(db, filter), "disbursements", ids)).map(toEntry),
    page,
    pageSize,
  );
}

/** GET /api/disbursements/: the ledger newest first, whole unless a page is asked for. */
export async function listLedger(
  filter: LedgerFilter = {},
  page: { limit?: number; offset?: number } = {},
): Promise<LedgerEntry[]> {
  return (await paged(newestFirst(getDb(), filter), page).execute()).map(toEntry);
}

/** The ledger for auditors' CSV, a batch at a time (keyset paging): flat memory at any size. */
export async function* ledgerForExport(filter: LedgerFilter = {}, batchSize = 1000): AsyncGenerator<LedgerEntry[]> {
  const db = getDb();
  yield* inBatches(
    (after, limit) => {
      const query = newestFirst(db, filter).limit(limit);
      return (after ? query.where(olderThan("disbursements", "disbursed_on", after)) : query).execute();
    },
    (row) => row.disbursed_on,
    toEntry,
    batchSize,
  );
}
