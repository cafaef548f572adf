import { formatDollars } from "~/shared/money";
import {
  AGRICULTURE_RATE,
  DEFAULT_GOLD_PRICE_PER_GRAM,
  DEFAULT_SILVER_PRICE_PER_GRAM,
  NISAB_GOLD_GRAMS,
  NISAB_SILVER_GRAMS,
  nisabThreshold,
  ZAKAT_RATE,
  type NisabBasis,
} from "./zakat";

/**
 * Zakat's figures as the pages write them (the rate, the nisab's weights and its value in
 * dollars), worked out from the rules in zakat.ts, so that the words on the education
 * page, the calculator and its verdict can never say something the sums do not do.
 */

const percentages = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 3 });

/** The mean solar year and the mean hijri year (twelve lunar months of 29.530589 days), in days. */
const SOLAR_YEAR_DAYS = 365.2422;
const HIJRI_YEAR_DAYS = 12 * 29.530589;
const weights = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** 0.025 -> "2.5%". */
export function percent(rate: number): string {
  return percentages.format(rate);
}

/** 612.36 -> "612.36 g". */
export function grams(weight: number): string {
  return `${weights.format(weight)} g`;
}

/** The nisab in whole dollars, as a reader compares it with their savings: "$5,686". */
export function nisabInDollars(
  basis: NisabBasis,
  goldPricePerGram = DEFAULT_GOLD_PRICE_PER_GRAM,
  silverPricePerGram = DEFAULT_SILVER_PRICE_PER_GRAM,
): string {
  return formatDollars(Math.round(nisabThreshold(basis, goldPricePerGram, silverPricePerGram)));
}

/** The Zakat due on an amount of zakatable wealth at the standard rate, for worked examples. */
export function zakatOn(dollars: number): string {
  return formatDollars(Math.round(dollars * ZAKAT_RATE * 100) / 100);
}

export const ZAKAT_FIGURES = {
  rate: percent(ZAKAT_RATE),
  /** The rate for someone who counts their Zakat year by the solar calendar, which runs about 11 days longer. */
  solarYearRate: percent((ZAKAT_RATE * SOLAR_YEAR_DAYS) / HIJRI_YEAR_DAYS),
  irrigatedHarvestRate: percent(AGRICULTURE_RATE.irrigated),
  rainHarvestRate: percent(AGRICULTURE_RATE.rain),
  goldNisabWeight: grams(NISAB_GOLD_GRAMS),
  silverNisabWeight: grams(NISAB_SILVER_GRAMS),
} as const;

/**
 * The figures that move with the price of gold and silver, at the prices given (today's,
 * from the foundation's rates register): "$65" a gram, a gold nisab of "$5,686".
 */
export function priceFigures(goldPricePerGram: number, silverPricePerGram: number) {
  return {
    goldPrice: formatDollars(goldPricePerGram),
    silverPrice: formatDollars(silverPricePerGram),
    goldNisab: nisabInDollars("gold", goldPricePerGram, silverPricePerGram),
    silverNisab: nisabInDollars("silver", goldPricePerGram, silverPricePerGram),
  };
}
