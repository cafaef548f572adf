/**
 * Zakat, worked out the way the calculator page and POST /api/donations/calculate-zakat
 * both show it. Pure arithmetic on validated inputs (zakat-schema.ts parses them).
 */

export const ZAKAT_RATE = 0.025;
/** Agriculture is due at harvest: 5% when irrigated at the farmer's cost, 10% when rain-fed. */
export const AGRICULTURE_RATE = { irrigated: 0.05, rain: 0.1 } as const;
export const NISAB_GOLD_GRAMS = 87.48;
export const NISAB_SILVER_GRAMS = 612.36;
export const DEFAULT_GOLD_PRICE_PER_GRAM = 65;
export const DEFAULT_SILVER_PRICE_PER_GRAM = 0.85;

export type NisabBasis = "silver" | "gold";
export type AgricultureIrrigation = keyof typeof AGRICULTURE_RATE;

/** The calculator's cash-like fields, netted against liabilities before the 2.5%. */
export const WEALTH_FIELDS = [
  "cash",
  "receivables",
  "stocks",
  "retirement",
  "investment_property",
  "other_valuables",
  "livestock",
  "other_assets",
] as const;

export const AMOUNT_FIELDS = [
  ...WEALTH_FIELDS,
  "liabilities",
  "gold_weight",
  "gold_price_per_gram",
  "silver_weight",
  "silver_price_per_gram",
  "business_goods",
  "agriculture_value",
] as const;
export type ZakatAmountField = (typeof AMOUNT_FIELDS)[number];

export type ZakatInputs = Record<ZakatAmountField, number> & {
  nisab_basis: NisabBasis;
  agriculture_irrigation: AgricultureIrrigation;
};

export interface ZakatResult {
  wealth: number;
  gold: number;
  silver: number;
  business_goods: number;
  agriculture: number;
  total: number;
  nisab: {
    basis: NisabBasis;
    threshold: number;
    zakatable_assets: number;
    meets_nisab: boolean;
  };
}

export const DEFAULT_ZAKAT_INPUTS: ZakatInputs = {
  cash: 0,
  receivables: 0,
  stocks: 0,
  retirement: 0,
  investment_property: 0,
  other_valuables: 0,
  livestock: 0,
  other_assets: 0,
  liabilities: 0,
  gold_weight: 0,
  gold_price_per_gram: DEFAULT_GOLD_PRICE_PER_GRAM,
  silver_weight: 0,
  silver_price_per_gram: DEFAULT_SILVER_PRICE_PER_GRAM,
  business_goods: 0,
  agriculture_value: 0,
  nisab_basis: "silver",
  agriculture_irrigation: "irrigated",
};

/** Rounds dollars to cents, half away from zero, without binary noise (1.005 -> 1.01). */
export function roundToCents(dollars: number): number {
  const cents = Math.round(Number((Math.abs(dollars) * 100).toPrecision(15)));
  return (Math.sign(dollars) * cents) / 100 || 0;
}

/** The nisab in dollars for a basis at the given metal prices. */
export function nisabThreshold(basis: NisabBasis, goldPricePerGram: number, silverPricePerGram: number): number {
  return basis === "gold" ? NISAB_GOLD_GRAMS * goldPricePerGram : NISAB_SILVER_GRAMS * silverPricePerGram;
}

/**
 * Each kind of wealth at its rate. Money, gold, silver and business goods count towards
 * the nisab together; below it none of them is due. Agriculture has its own threshold
 * by weight of harvest, not the monetary nisab, so it is always worked out.
 * Every figure is rounded to cents and the total is the sum of the rounded parts, so the
 * panel always adds up.
 */
export function calculateZakat(inputs: ZakatInputs): ZakatResult {
  const grossWealth = WEALTH_FIELDS.reduce((sum, field) => sum + inputs[field], 0);
  const netWealth = Math.max(0, grossWealth - inputs.liabilities);
  const goldValue = inputs.gold_weight * inputs.gold_price_per_gram;
  const silverValue = inputs.silver_weight * inputs.silver_price_per_gram;

  const zakatableAssets = roundToCents(netWealth + goldValue + silverValue + inputs.business_goods);
  const threshold = roundToCents(
    nisabThreshold(inputs.nisab_basis, inputs.gold_price_per_gram, inputs.silver_price_per_gram),
  );
  const meetsNisab = zakatableAssets > 0 && zakatableAssets >= threshold;
  const dueOn = (value: number) => (meetsNisab ? roundToCents(value * ZAKAT_RATE) : 0);

  const wealth = dueOn(netWealth);
  const gold = dueOn(goldValue);
  const silver = dueOn(silverValue);
  const businessGoods = dueOn(inputs.business_goods);
  const agriculture = roundToCents(inputs.agriculture_value * AGRICULTURE_RATE[inputs.agriculture_irrigation]);

  return {
    wealth,
    gold,
    silver,
    business_goods: businessGoods,
    agriculture,
    total: roundToCents(wealth + gold + silver + businessGoods + agriculture),
    nisab: {
      basis: inputs.nisab_basis,
      threshold,
      zakatable_assets: zakatableAssets,
      meets_nisab: meetsNisab,
    },
  };
}
