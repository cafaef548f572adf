export { FUND_SLUGS, type FundKind, isObligationBound, isZakatBound } from "./rules/fund-kinds";
export {
  calendarDay,
  type DisbursementInput,
  disbursementSchema,
  dollarsField,
  eidDateSchema,
  type ObligationRequest,
  obligationSchema,
  RATE_KEYS,
  RATE_LABELS,
  type RateInput,
  type RateKey,
  rateSchema,
  type ReversalInput,
  reversalSchema,
  type ZakatPolicyInput,
  zakatPolicySchema,
} from "./rules/fund-schemas";
export { isZakatCategory, ZAKAT_CATEGORIES, type ZakatCategoryKey, zakatCategoryLabel } from "./rules/zakat-categories";
export {
  givenAfterEid,
  isFitrLate,
  type Obligation,
  OBLIGATION_LIMITS,
  type ObligationRates,
  quoteObligation,
} from "./rules/obligations";
