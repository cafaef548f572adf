import { z } from "~/domain/shared/zod";
import { emptyIsUnset, nonNegativeNumber } from "~/domain/shared/amount-input";
import { AMOUNT_FIELDS, DEFAULT_ZAKAT_INPUTS, type ZakatAmountField, type ZakatInputs } from "./zakat";

/**
 * The calculator's inputs (amounts, metal weights and prices, the nisab basis), shared by
 * the page (as the donor types), its form action and POST /api/donations/calculate-zakat.
 * Every amount is optional: missing or empty means 0, or the default price for the
 * metals; negative or non-numeric is refused.
 */
const amountShape = Object.fromEntries(
  AMOUNT_FIELDS.map((field) => [field, nonNegativeNumber(DEFAULT_ZAKAT_INPUTS[field])]),
) as Record<ZakatAmountField, ReturnType<typeof nonNegativeNumber>>;

export const zakatInputSchema = z.object({
  ...amountShape,
  nisab_basis: z.preprocess(
    emptyIsUnset,
    z.enum(["silver", "gold"], { message: "Choose silver or gold" }).default(DEFAULT_ZAKAT_INPUTS.nisab_basis),
  ),
  agriculture_irrigation: z.preprocess(
    emptyIsUnset,
    z.enum(["irrigated", "rain"], { message: "Choose irrigated or rain" }).default(DEFAULT_ZAKAT_INPUTS.agriculture_irrigation),
  ),
}) satisfies z.ZodType<ZakatInputs, unknown>;
