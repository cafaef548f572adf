import { calculateZakat, type ZakatResult } from "../rules/zakat";
import { zakatInputSchemaFor, type MetalPrices } from "../rules/zakat-schema";
import { parseOrThrow } from "~/lib/service-errors";
import { currentRates } from "~/funds/rates/index.server";

/**
 * Today's gold and silver prices per gram, as staff keep them in the rates register: the
 * calculator's defaults (a donor can type their own) and the nisab the pages state.
 */
export interface TodaysMetalPrices extends MetalPrices {
  /** The day each price took effect, 'YYYY-MM-DD'. */
  gold_as_of: string;
  silver_as_of: string;
  /** A starting price the new site came with, not yet confirmed by staff: the pages say so. */
  gold_to_confirm: boolean;
  silver_to_confirm: boolean;
}

export async function todaysMetalPrices(): Promise<TodaysMetalPrices> {
  const rates = await currentRates();
  return {
    gold_price_per_gram: rates.gold_per_gram.amount,
    silver_price_per_gram: rates.silver_per_gram.amount,
    gold_as_of: rates.gold_per_gram.effective_on,
    silver_as_of: rates.silver_per_gram.effective_on,
    gold_to_confirm: rates.gold_per_gram.to_confirm,
    silver_to_confirm: rates.silver_per_gram.to_confirm,
  };
}

/** POST /api/donations/calculate-zakat: a price left out is today's. */
export async function calculateZakatAtTodaysPrices(input: unknown): Promise<ZakatResult> {
  const prices = await todaysMetalPrices();
  return calculateZakat(parseOrThrow(zakatInputSchemaFor(prices), input));
}
