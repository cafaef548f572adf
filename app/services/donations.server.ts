import { centsToDollars } from "~/domain/money";
import { getDb } from "~/lib/db.server";
import { getImpactStatistics } from "./settings.server";

/**
 * GET /api/donations/stats: the homepage impact figures (edited by staff in Settings)
 * and the recorded donation totals (amount in dollars, donors counted by email).
 */
export interface DonationStats {
  impact: { meals: number; families: number; orphans: number };
  total_raised: number;
  total_donations: number;
  total_donors: number;
}

export async function getDonationStats(): Promise<DonationStats> {
  const [figures, totals] = await Promise.all([
    getImpactStatistics(),
    getDb()
      .selectFrom("donations")
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("cents"),
        eb.fn.count<number>(eb.fn("lower", ["email"])).distinct().as("donors"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    impact: { meals: figures.meals_provided, families: figures.families_supported, orphans: figures.orphans_cared_for },
    total_raised: figures.total_raised,
    total_donations: centsToDollars(Number(totals.cents)),
    total_donors: Number(totals.donors),
  };
}
