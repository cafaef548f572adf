import { addDays, LUNAR_YEAR_DAYS } from "~/shared/hijri";

/**
 * Zakat is matched to what it paid for oldest first: each disbursement from a Zakat fund
 * uses up the oldest Zakat of that fund not yet distributed. From the matching follows
 * how much of each day's Zakat has gone out, and how much went out within one lunar year
 * (354 days) of its receipt. A disbursement spends only Zakat that had come in by its own
 * day, never a later gift's. Reversed entries and their reversals are left out before
 * matching: a reversed disbursement never happened.
 */
export interface DayAmount {
  /** 'YYYY-MM-DD' */
  day: string;
  cents: number;
}

export interface MatchedReceipt extends DayAmount {
  distributedCents: number;
  /** The part distributed no later than 354 days after `day`. */
  withinLunarYearCents: number;
}

export interface Matching {
  receipts: MatchedReceipt[];
  /**
   * Disbursed beyond what had been received by the day it went out (money that came in
   * before the gifts were recorded here); never set against a later gift.
   */
  unmatchedCents: number;
}

const byDay = (a: DayAmount, b: DayAmount) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

export function matchOldestFirst(received: DayAmount[], disbursed: DayAmount[]): Matching {
  const receipts: MatchedReceipt[] = [...received]
    .filter((item) => item.cents > 0)
    .sort(byDay)
    .map((item) => ({ ...item, distributedCents: 0, withinLunarYearCents: 0 }));
  // The last day of each receipt's lunar year, worked out once: a large ledger makes
  // thousands of matches, and calendar days compare as text.
  const lunarYearEnds = receipts.map((receipt) => addDays(receipt.day, LUNAR_YEAR_DAYS));
  let oldest = 0;
  let unmatchedCents = 0;
  for (const payment of [...disbursed].sort(byDay)) {
    const paidOn = payment.day.slice(0, 10);
    let left = payment.cents;
    while (left > 0 && oldest < receipts.length) {
      const receipt = receipts[oldest]!;
      // Zakat that had not come in yet was not what this paid out; a later payment may take it.
      if (receipt.day > paidOn) break;
      const taken = Math.min(left, receipt.cents - receipt.distributedCents);
      receipt.distributedCents += taken;
      if (paidOn <= lunarYearEnds[oldest]!) receipt.withinLunarYearCents += taken;
      left -= taken;
      if (receipt.distributedCents === receipt.cents) oldest++;
    }
    unmatchedCents += left;
  }
  return { receipts, unmatchedCents };
}

/** Zakat still undistributed that was received on or before `cutoff` (e.g. ten lunar months ago). */
export function undistributedSince(
  receipts: MatchedReceipt[],
  cutoff: string,
): { cents: number; oldestDay: string | null } {
  let cents = 0;
  let oldestDay: string | null = null;
  for (const receipt of receipts) {
    const left = receipt.cents - receipt.distributedCents;
    if (left <= 0 || receipt.day > cutoff) continue;
    cents += left;
    if (oldestDay === null || receipt.day < oldestDay) oldestDay = receipt.day;
  }
  return { cents, oldestDay };
}
