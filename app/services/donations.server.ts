import { sql, type ExpressionBuilder } from "kysely";
import { offlineGiftSchema } from "~/domain/donation-schemas";
import { DONATION_FREQUENCIES, isDonationFrequency, type DonationFrequency, type PaymentMethod } from "~/domain/giving";
import { centsToDollars, dollarsToCents } from "~/domain/money";
import { getDb } from "~/lib/db.server";
import { parseOrThrow, ValidationError } from "~/lib/service-errors";
import type { Database, DonationRow } from "../../db/schema";
import { getImpactStatistics } from "./settings.server";

/** A recorded gift as the admin screens and GET /api/donations/ see it (amount in dollars). */
export interface Donation {
  id: number;
  name: string;
  email: string;
  amount: number;
  frequency: DonationFrequency;
  purpose: string;
  donated_at: string;
  payment_method: PaymentMethod;
  subscription_id: number | null;
}

export function toDonation(row: DonationRow): Donation {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    amount: centsToDollars(row.amount_cents),
    frequency: row.frequency,
    purpose: row.purpose,
    donated_at: row.donated_at,
    payment_method: row.payment_method,
    subscription_id: row.subscription_id,
  };
}

/** Running totals, kept by database triggers: reading them never scans the gifts. */
export async function getDonationTotals(): Promise<{ totalCents: number; gifts: number; donors: number }> {
  const row = await getDb().selectFrom("donation_totals").selectAll().where("id", "=", 1).executeTakeFirst();
  return { totalCents: row?.total_cents ?? 0, gifts: row?.gift_count ?? 0, donors: row?.donor_count ?? 0 };
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
}

/**
 * The filter in a query string (?search=&frequency=), shared by the Donations screen,
 * its CSV export and GET /api/donations/. An unknown frequency is reported, not guessed.
 */
export function readDonationFilter(params: URLSearchParams): { filter: DonationFilter; problem?: string } {
  const search = params.get("search")?.trim() || undefined;
  const frequency = params.get("frequency") || undefined;
  if (frequency === undefined || isDonationFrequency(frequency)) return { filter: { search, frequency } };
  return { filter: { search }, problem: `frequency must be one of ${DONATION_FREQUENCIES.join(", ")}` };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The filter as SQL: search by name or email (case-insensitive), and one frequency. */
function matching(filter: DonationFilter) {
  return (eb: ExpressionBuilder<Database, "donations">) => {
    const conditions = [];
    const search = filter.search?.trim();
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      conditions.push(
        eb.or([sql<boolean>`${eb.ref("name")} like ${pattern} escape '\\'`, sql<boolean>`${eb.ref("email")} like ${pattern} escape '\\'`]),
      );
    }
    if (filter.frequency) conditions.push(eb("frequency", "=", filter.frequency));
    return eb.and(conditions);
  };
}

/** One page of gifts, newest first, filtered in SQL. */
export async function listDonations(
  filter: DonationFilter = {},
  page: { limit?: number; offset?: number } = {},
): Promise<Donation[]> {
  let query = getDb()
    .selectFrom("donations")
    .selectAll()
    .where(matching(filter))
    .orderBy("donated_at", "desc")
    .orderBy("id", "desc");
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  else if (page.offset) query = query.limit(-1).offset(page.offset);
  return (await query.execute()).map(toDonation);
}

export async function countDonations(filter: DonationFilter = {}): Promise<number> {
  if (!filter.search?.trim() && !filter.frequency) return (await getDonationTotals()).gifts;
  const row = await getDb()
    .selectFrom("donations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(matching(filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Every gift matching the filter, newest first, a batch at a time (keyset paging), so
 * an export of any size streams with flat memory and never holds the database for long.
 */
export async function* donationsForExport(filter: DonationFilter = {}, batchSize = 1000): AsyncGenerator<Donation[]> {
  let after: { donatedAt: string; id: number } | undefined;
  for (;;) {
    let query = getDb()
      .selectFrom("donations")
      .selectAll()
      .where(matching(filter))
      .orderBy("donated_at", "desc")
      .orderBy("id", "desc")
      .limit(batchSize);
    if (after) {
      const { donatedAt, id } = after;
      query = query.where((eb) =>
        eb.or([eb("donated_at", "<", donatedAt), eb.and([eb("donated_at", "=", donatedAt), eb("id", "<", id)])]),
      );
    }
    const rows = await query.execute();
    if (rows.length) yield rows.map(toDonation);
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { donatedAt: last.donated_at, id: last.id };
  }
}

/**
 * A gift handed to staff (cash, cheque, a Ramadan collection): the admin form and
 * POST /api/donations/. It is marked with how it was paid and who recorded it.
 */
export async function recordOfflineGift(input: unknown, recordedBy: string): Promise<Donation> {
  const gift = parseOrThrow(offlineGiftSchema, input);
  const donatedAt = gift.donated_at ? new Date(gift.donated_at.length === 10 ? `${gift.donated_at}T12:00:00Z` : gift.donated_at) : new Date();
  if (donatedAt.getTime() > Date.now() + 24 * 60 * 60 * 1000) {
    throw new ValidationError({ donated_at: ["The date cannot be in the future"] });
  }
  const row = await getDb()
    .insertInto("donations")
    .values({
      name: gift.name,
      email: gift.email,
      amount_cents: dollarsToCents(gift.amount),
      frequency: gift.frequency,
      purpose: gift.purpose,
      donated_at: donatedAt.toISOString(),
      payment_method: gift.payment_method,
      recorded_by: recordedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDonation(row);
}
