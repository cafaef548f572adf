export { priceFigures, ZAKAT_FIGURES, zakatOn } from "./rules/zakat-figures";
export { zakatInputSchema } from "./rules/zakat-schema";
export { AMOUNT_FIELDS, DEFAULT_ZAKAT_INPUTS, type ZakatAmountField, type ZakatInputs } from "./rules/zakat";
