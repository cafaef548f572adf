import type { FundKind } from "~/funds/funds";
import type { ReportCalendar } from "./transparency";

/**
 * The public transparency report (/transparency and GET /api/transparency): per fund what
 * came in, went out and is held; Zakat by the eight categories; and per year how much
 * Zakat reached its recipients within a lunar year. Aggregates only: never a donor's or a
 * recipient's name, never a proof document. Test payments never count (the funds' figures
 * are of live gifts alone). Amounts in dollars, like every amount in the API.
 */
export interface TransparencyReport {
  calendar: ReportCalendar;
  /** The year shown, in `calendar`; null for all years. */
  year: number | null;
  years: number[];
  /** The day of the newest ledger entry, or null when nothing has been recorded yet. */
  latest_entry_on: string | null;
  latest_entry_on_hijri: string | null;
  funds: {
    name: string;
    kind: FundKind;
    is_zakat: boolean;
    is_obligation: boolean;
    received: number;
    distributed: number;
    held: number;
  }[];
  zakat: {
    received: number;
    distributed: number;
    held: number;
    by_category: { key: string; english: string; arabic: string; amount: number; percent: number }[];
    /**
     * Households helped through Zakat applications in the period, per category (those with
     * any): distinct applications with a paid payment whose ledger entry stands. A count under
     * five is the words "fewer than 5", so that no family can be singled out.
     */
    households_helped: { key: string; english: string; arabic: string; households: number | "fewer than 5" }[];
    by_year: {
      year: number;
      received: number;
      distributed: number;
      distributed_within_lunar_year: number;
      within_lunar_year_percent: number;
      /** Some of the year's Zakat is under a lunar year old: its share may still rise. */
      still_open: boolean;
    }[];
  };
}
