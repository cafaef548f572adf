import { sql, type ExpressionBuilder } from "kysely";
import { ZAKAT_CATEGORIES } from "~/funds/funds";
import { OPEN_STATES, STATE_LABELS } from "~/applications/records";
import { todayIn } from "~/shared/dates";
import { gregorianDayOf, hijriYearOf } from "~/shared/hijri";
import { centsToDollars } from "~/shared/money";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { isoSecondsBetween } from "~/lib/sql-dialect.server";
import type { Database } from "../../../../db/schema";
import type { ApplicationFigures } from "../rules/grant-view";

export type { ApplicationFigures };

/**
 * The applications' figures (issue 31, point 6): for staff, open cases by state, how long a
 * decision takes and the help granted this lunar year; for the public report, how many
 * households were helped per category. Each is a handful of aggregate queries over indexed
 * columns: never a case's personal data.
 */
/** A grant payment's ledger entry that stands: not reversed since. */
function standing(eb: ExpressionBuilder<Database, "disbursements">) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("disbursements as reversal")
        .select("reversal.id")
        .whereRef("reversal.reverses_id", "=", "disbursements.id"),
    ),
  );
}

async function openByState(): Promise<ApplicationFigures["open_by_state"]> {
  const rows = await getDb()
    .selectFrom("applications")
    .select(["state", sql<number>`count(*)`.as("count")])
    .where("state", "in", OPEN_STATES)
    .groupBy("state")
    .execute();
  const counts = new Map(rows.map((row) => [row.state, Number(row.count)]));
  return OPEN_STATES.map((state) => ({ state, label: STATE_LABELS[state], count: counts.get(state) ?? 0 }));
}

/** The median in SQL: the middle one or two of the decided cases' durations, found by their rank. */
async function medianDaysToDecision(): Promise<number | null> {
  const db = getDb();
  const decided = () => db.selectFrom("applications").where("decided_at", "is not", null);
  const { count } = await decided()
    .select(sql<number>`count(*)`.as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  if (total === 0) return null;
  const seconds = isoSecondsBetween("submitted_at", "decided_at");
  const middle = await decided()
    .select(seconds.as("seconds"))
    .orderBy(seconds)
    .limit(total % 2 === 0 ? 2 : 1)
    .offset(Math.floor((total - 1) / 2))
    .execute();
  const values = middle.map((row) => Number(row.seconds) / 86_400);
  const median = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.round(median * 10) / 10;
}

/** 1 Muharram of the Hijri year `day` falls in. */
export function hijriYearStart(day: string): { year: number; start: string } {
  const year = hijriYearOf(day);
  return { year, start: gregorianDayOf({ year, month: 1, day: 1 }) };
}

async function grantedSince(since: string): Promise<Map<string, number>> {
  const rows = await getDb()
    .selectFrom("application_payments")
    .innerJoin("disbursements", "disbursements.id", "application_payments.disbursement_id")
    .select(["disbursements.category", sql<number>`sum(disbursements.amount_cents)`.as("cents")])
    .where("application_payments.status", "=", "paid")
    .where("disbursements.disbursed_on", ">=", since)
    .where(standing)
    .groupBy("disbursements.category")
    .execute();
  return new Map(rows.map((row) => [row.category ?? "", Number(row.cents)]));
}

export async function applicationFigures(): Promise<ApplicationFigures> {
  const { year, start } = hijriYearStart(todayIn(getEnv().SITE_TIMEZONE));
  const [open, median, granted] = await Promise.all([openByState(), medianDaysToDecision(), grantedSince(start)]);
  const byCategory = ZAKAT_CATEGORIES.filter((category) => granted.has(category.key)).map((category) => ({
    key: category.key,
    english: category.english,
    arabic: category.arabic,
    amount: centsToDollars(granted.get(category.key) ?? 0),
  }));
  return {
    open_by_state: open,
    median_days_to_decision: median,
    granted_this_year: {
      hijri_year: year,
      since: start,
      total: centsToDollars([...granted.values()].reduce((sum, cents) => sum + cents, 0)),
      by_category: byCategory,
    },
  };
}

/**
 * A household, as the report counts it: the applicant, known by the keyed hash of their email
 * (`email_key`), so one family's second application is not a second household. Once the
 * retention erase has blanked the key, the application counts on its own (it can no longer be
 * told apart). Plain SQL that SQLite and PostgreSQL both read.
 */
const HOUSEHOLD = sql`coalesce(nullif(applications.email_key, ''), 'case:' || cast(applications.id as text))`;

/**
 * Households helped per category in a period (`from` inclusive, `to` exclusive, both days;
 * either open): the distinct households (`HOUSEHOLD`) with a paid payment whose ledger entry
 * stands and falls in the period, counted by the entry's category. The exact counts: the public
 * report shows a small one as "fewer than 5" (`publicCount`), which counting applications
 * instead of households would defeat.
 */
export async function householdsHelpedByCategory(
  period: { from?: string; to?: string } = {},
): Promise<Map<string, number>> {
  let query = getDb()
    .selectFrom("application_payments")
    .innerJoin("disbursements", "disbursements.id", "application_payments.disbursement_id")
    .innerJoin("applications", "applications.id", "application_payments.application_id")
    .select(["disbursements.category", sql<number>`count(distinct ${HOUSEHOLD})`.as("households")])
    .where("application_payments.status", "=", "paid")
    .where(standing);
  if (period.from) query = query.where("disbursements.disbursed_on", ">=", period.from);
  if (period.to) query = query.where("disbursements.disbursed_on", "<", period.to);
  const rows = await query.groupBy("disbursements.category").execute();
  return new Map(rows.map((row) => [row.category ?? "", Number(row.households)]));
}
