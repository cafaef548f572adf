import { RATE_KEYS, RATE_LABELS, rateSchema, type RateKey, type ObligationRates } from "~/funds/funds";
import { todayIn } from "~/shared/dates";
import { centsToDollars, dollarsToCents } from "~/shared/money";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { parseOrThrow } from "~/lib/service-errors";
import type { RateRow } from "../../../../db/schema";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * The rates register: Zakat al-Fitr per person, Fidya per day, Kaffarah per person fed,
 * and the gold and silver prices the nisab uses. A new rate is a new row with the day it
 * takes effect, so the history stays; the rate in force is the latest that has begun.
 */
export interface Rate {
  id: number;
  rate_key: RateKey;
  label: string;
  /** Dollars (per person, per day, per person fed, or per gram). */
  amount: number;
  effective_on: string;
  authority: string;
  note: string;
  /** A starting figure a new database came with, not yet confirmed by staff. */
  to_confirm: boolean;
  recorded_by: string;
  recorded_at: string;
}

function toRate(row: RateRow): Rate {
  return {
    id: row.id,
    rate_key: row.rate_key,
    label: RATE_LABELS[row.rate_key],
    amount: centsToDollars(row.amount_cents),
    effective_on: row.effective_on,
    authority: row.authority,
    note: row.note,
    to_confirm: row.to_confirm === 1,
    recorded_by: row.recorded_by,
    recorded_at: row.recorded_at,
  };
}

/** Every rate ever set, newest first: the register's history. */
export async function listRates(): Promise<Rate[]> {
  const rows = await getDb()
    .selectFrom("rates")
    .selectAll()
    .orderBy("effective_on", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toRate);
}

/** A rate in the register's history, marked when it is the one in force today. */
export interface RegisterEntry extends Rate {
  is_current: boolean;
}

/** A rate as anyone may read it: never which staff member recorded it, nor when. */
export type PublicRegisterEntry = Omit<RegisterEntry, "recorded_by" | "recorded_at">;

/**
 * The register as GET /api/rates/ shows it: every rate, newest first, the ones in force
 * marked. Public pages name no staff member, so only staff see who recorded each rate and when.
 */
export async function rateRegister(
  reader: { staff: boolean } = { staff: false },
): Promise<RegisterEntry[] | PublicRegisterEntry[]> {
  const [history, current] = await Promise.all([listRates(), currentRates()]);
  const inForce = new Set(Object.values(current).map((rate) => rate.id));
  const register = history.map((rate) => ({ ...rate, is_current: inForce.has(rate.id) }));
  if (reader.staff) return register;
  return register.map(({ recorded_by: _by, recorded_at: _at, ...rate }) => rate);
}

export type CurrentRates = Record<RateKey, Rate>;

/** The rate of each kind in force today where the foundation is (a later-dated rate waits for its day). */
export async function currentRates(today = todayIn(getEnv().SITE_TIMEZONE)): Promise<CurrentRates> {
  const db = getDb();
  const rows = await Promise.all(
    RATE_KEYS.map((key) =>
      db
        .selectFrom("rates")
        .selectAll()
        .where("rate_key", "=", key)
        .where("effective_on", "<=", today)
        .orderBy("effective_on", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst()
        // Only rates dated in the future: the earliest of them is the best there is.
        .then(
          (row) =>
            row ??
            db
              .selectFrom("rates")
              .selectAll()
              .where("rate_key", "=", key)
              .orderBy("effective_on")
              .orderBy("id")
              .limit(1)
              .executeTakeFirstOrThrow(),
        ),
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.rate_key, toRate(row)])) as CurrentRates;
}

/** The three obligation rates in cents, as quick pay uses them. */
export function obligationRatesOf(rates: CurrentRates): ObligationRates {
  return {
    fitrPerPersonCents: dollarsToCents(rates.fitr_per_person.amount),
    fidyaPerDayCents: dollarsToCents(rates.fidya_per_day.amount),
    kaffarahPerPersonCents: dollarsToCents(rates.kaffarah_per_person.amount),
  };
}

/** Staff set a new rate (the admin form and POST /api/rates/). */
export async function recordRate(input: unknown, recordedBy: string): Promise<Rate> {
  const rate = parseOrThrow(rateSchema, input);
  const row = await getDb()
    .insertInto("rates")
    .values({
      rate_key: rate.rate_key,
      amount_cents: dollarsToCents(rate.amount),
      effective_on: rate.effective_on,
      authority: rate.authority,
      note: rate.note,
      recorded_by: recordedBy,
      recorded_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // A rate is never changed: a new one takes over on its day, so the one it follows is the "before".
  const previous = await getDb()
    .selectFrom("rates")
    .select(["amount_cents", "effective_on", "authority", "note"])
    .where("rate_key", "=", row.rate_key)
    .where("id", "<", row.id)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  await recordAudit({
    action: "create",
    entity: "rate",
    entityId: row.id,
    summary: `Rate: ${row.rate_key}`,
    before: previous ?? null,
    after: { amount_cents: row.amount_cents, effective_on: row.effective_on, authority: row.authority, note: row.note },
  });
  return toRate(row);
}
