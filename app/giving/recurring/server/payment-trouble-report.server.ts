import { sql } from "kysely";
import { TROUBLE_WINDOW_DAYS, type TroubleOutcome } from "../rules/payment-troubles";
import { centsToDollars } from "~/shared/money";
import { getDb } from "~/lib/db.server";
import { countedTestFlags } from "~/lib/env.server";

/**
 * Subscriptions' "Payment troubles, last 30 days": each failed charge whose latest news
 * (lost, else recovered, else failed) is from the window, counted by where it stands and
 * listed newest first. The counting is the database's, over the expression index of
 * migration 0017; on a live site test gifts are left out, as everywhere staff count.
 */
export interface PaymentTrouble {
  id: number;
  subscription_id: number;
  name: string;
  email: string;
  /** The charge that failed, in dollars (the gift and any fee it covers). */
  amount: number;
  interval: "month" | "year";
  purpose: string;
  outcome: TroubleOutcome;
  attempts: number;
  failed_at: string;
  recovered_at: string | null;
  lost_at: string | null;
  /** While it is still failing: the provider's next try (null once it stopped trying). */
  next_retry_at: string | null;
  is_test: boolean;
}

export interface PaymentTroubleReport {
  days: number;
  /** By where each stands; "failed" counts every charge still open, `noMoreTries` those the provider stopped trying. */
  counts: Record<TroubleOutcome, number> & { noMoreTries: number };
  rows: PaymentTrouble[];
}

/** The rows shown; the counts cover the whole window. */
const ROWS_SHOWN = 50;

const latestNews = sql<string>`coalesce(trouble.lost_at, trouble.recovered_at, trouble.failed_at)`;
const outcome = sql<TroubleOutcome>`case when trouble.lost_at is not null then 'lost' when trouble.recovered_at is not null then 'recovered' else 'failed' end`;
/** A charge still open whose gift has no next try: the provider stopped trying it. */
const noMoreTries = sql<number>`(trouble.lost_at is null and trouble.recovered_at is null and gift.next_retry_at is null)`;

function inWindow(now: Date) {
  const since = new Date(now.getTime() - TROUBLE_WINDOW_DAYS * 86_400_000).toISOString();
  return getDb()
    .selectFrom("recurring_payment_troubles as trouble")
    .where(latestNews, ">=", since)
    .where("trouble.is_test", "in", countedTestFlags());
}

export async function paymentTroubles(now = new Date()): Promise<PaymentTroubleReport> {
  const [counted, rows] = await Promise.all([
    inWindow(now)
      .innerJoin("subscriptions as gift", "gift.id", "trouble.subscription_id")
      .select([outcome.as("outcome"), noMoreTries.as("no_more_tries"), (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy([outcome, noMoreTries])
      .execute(),
    inWindow(now)
      .innerJoin("subscriptions as gift", "gift.id", "trouble.subscription_id")
      .select([
        "trouble.id",
        "trouble.subscription_id",
        "gift.name",
        "gift.email",
        "trouble.amount_cents",
        "gift.interval",
        "gift.purpose",
        outcome.as("outcome"),
        "trouble.attempts",
        "trouble.failed_at",
        "trouble.recovered_at",
        "trouble.lost_at",
        "gift.next_retry_at",
        "trouble.is_test",
      ])
      .orderBy(latestNews, "desc")
      .orderBy("trouble.id", "desc")
      .limit(ROWS_SHOWN)
      .execute(),
  ]);
  const counts = { failed: 0, recovered: 0, lost: 0, noMoreTries: 0 };
  for (const row of counted) {
    counts[row.outcome] += Number(row.count);
    if (Number(row.no_more_tries) === 1) counts.noMoreTries += Number(row.count);
  }
  return {
    days: TROUBLE_WINDOW_DAYS,
    counts,
    rows: rows.map(({ amount_cents, is_test, next_retry_at, ...row }) => ({
      ...row,
      amount: centsToDollars(amount_cents),
      next_retry_at: row.outcome === "failed" ? next_retry_at : null,
      is_test: is_test === 1,
    })),
  };
}
