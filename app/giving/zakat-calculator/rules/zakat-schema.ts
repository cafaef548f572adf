import { z } from "~/shared/zod";
import { emptyIsUnset, nonNegativeNumber } from "~/shared/amount-input";
import { AMOUNT_FIELDS, DEFAULT_ZAKAT_INPUTS, type ZakatAmountField, type ZakatInputs } from "./zakat";

/**
 * The calculator's inputs (amounts, metal weights and prices, the nisab basis), shared by
 * the page (as the donor types), its form action and POST /api/donations/calculate-zakat.
 * Every amount is optional: missing or empty means 0, or today's price for the metals
 * (from the foundation's rates register; the figures in zakat.ts when none is given);
 * negative or non-numeric is refused.
 */
export type MetalPrices = Pick<ZakatInputs, "gold_price_per_gram" | "silver_price_per_gram">;

export function zakatInputSchemaFor(prices: MetalPrices) {
  const defaults: ZakatInputs = { ...DEFAULT_ZAKAT_INPUTS, ...prices };
  const amountShape = Object.fromEntries(
    AMOUNT_FIELDS.map((field) => [field, nonNegativeNumber(defaults[field])]),
  ) as Record<ZakatAmountField, ReturnType<typeof nonNegativeNumber>>;
  return z.object({
    ...amountShape,
    nisab_basis: z.preprocess(
      emptyIsUnset,
      z.enum(["silver", "gold"], { message: "Choose silver or gold" }).default(DEFAULT_ZAKAT_INPUTS.nisab_basis),
    ),
    agriculture_irrigation: z.preprocess(
      emptyIsUnset,
      z
        .enum(["irrigated", "rain"], { message: "Choose irrigated or rain" })
        .default(DEFAULT_ZAKAT_INPUTS.agriculture_irrigation),
    ),
  }) satisfies z.ZodType<ZakatInputs, unknown>;
}

/** The inputs at the starting prices in zakat.ts. */
export const zakatInputSchema = zakatInputSchemaFor(DEFAULT_ZAKAT_INPUTS);
