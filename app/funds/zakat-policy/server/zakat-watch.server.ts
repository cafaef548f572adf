import { matchOldestFirst, undistributedSince } from "~/funds/transparency";
import { todayIn } from "~/shared/dates";
import { addDays, TEN_LUNAR_MONTHS_DAYS } from "~/shared/hijri";
import { centsToDollars } from "~/shared/money";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { getZakatPolicy } from "./zakat-policy.server";

/**
 * What the dashboard tells staff about Zakat: the balance held, Zakat received more than
 * ten lunar months ago that is still undistributed (its lunar year is nearly over), and
 * whether the Zakat policy still holds the template's placeholders, and which.
 */
export interface ZakatWatch {
  /** Dollars held across the two Zakat funds. */
  zakat_balance: number;
  overdue: { amount: number; oldest_received_on: string } | null;
  policy_is_template: boolean;
  /** The template's placeholders still in the policy, by the part each stands for. */
  policy_placeholders: string[];
}

export async function getZakatWatch(): Promise<ZakatWatch> {
  const db = getDb();
  const cutoff = addDays(todayIn(getEnv().SITE_TIMEZONE), -TEN_LUNAR_MONTHS_DAYS);
  const [zakatFunds, policy] = await Promise.all([
    db.selectFrom("funds").select(["id", "received_cents", "disbursed_cents"]).where("kind", "=", "zakat").execute(),
    getZakatPolicy(),
  ]);
  // Each Zakat fund is matched on its own, side by side: they share no receipts.
  const waiting = await Promise.all(zakatFunds.map((fund) => waitingInFund(db, fund.id, cutoff)));
  const overdueCents = waiting.reduce((total, fund) => total + fund.cents, 0);
  const oldest = waiting
    .map((fund) => fund.oldestDay)
    .filter((day): day is string => day !== null)
    .sort()[0];
  return {
    zakat_balance: centsToDollars(
      zakatFunds.reduce((total, fund) => total + fund.received_cents - fund.disbursed_cents, 0),
    ),
    overdue: overdueCents > 0 && oldest ? { amount: centsToDollars(overdueCents), oldest_received_on: oldest } : null,
    policy_is_template: policy.is_template,
    policy_placeholders: policy.placeholders,
  };
}

/** Zakat received into one fund before `cutoff` and still undistributed, oldest first matched. */
async function waitingInFund(db: ReturnType<typeof getDb>, fundId: number, cutoff: string) {
  const [received, disbursed] = await Promise.all([
    db
      .selectFrom("fund_daily_receipts")
      .select(["day", "received_cents as cents"])
      .where("fund_id", "=", fundId)
      .execute(),
    // A day's payments, summed in SQL: paid out on the same day they take the oldest
    // Zakat alike, one after the other, so their sum takes exactly what they would.
    db
      .selectFrom("disbursements as entry")
      .select((eb) => ["entry.disbursed_on as day", eb.fn.sum<number>("entry.amount_cents").as("cents")])
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
      .execute(),
  ]);
  return undistributedSince(matchOldestFirst(received, disbursed).receipts, cutoff);
}
