export { canBeArchived, FUND_KIND_LABELS, FUND_KINDS, FUND_SLUGS, isObligationBound, isZakatBound, soundsLikeAnObligation, type FundKind } from "./fund-kinds";
export {
  calendarDay,
  disbursementSchema,
  dollarsField,
  eidDateSchema,
  fundChangeSchema,
  newFundSchema,
  obligationSchema,
  RATE_KEYS,
  RATE_LABELS,
  rateSchema,
  reversalSchema,
  zakatPolicySchema,
  type DisbursementInput,
  type FundChange,
  type NewFund,
  type ObligationRequest,
  type RateInput,
  type RateKey,
  type ReversalInput,
  type ZakatPolicyInput,
} from "./fund-schemas";
export { matchOldestFirst, undistributedSince, type DayAmount, type MatchedReceipt, type Matching } from "./oldest-first";
export {
  givenAfterEid,
  isFitrLate,
  OBLIGATION_LIMITS,
  peopleFedForKaffarah,
  PEOPLE_FED_FOR_A_BROKEN_FAST,
  PEOPLE_FED_FOR_A_BROKEN_OATH,
  quoteObligation,
  type Obligation,
  type ObligationKind,
  type ObligationQuote,
  type ObligationRates,
} from "./obligations";
export { shortfallOf, type Shortfall } from "./running-balance";
export {
  buildTransparencyFigures,
  withinLunarYearPercent,
  yearIn,
  type ReportCalendar,
  type TransparencyFigures,
  type ZakatYear,
} from "./transparency";
export type { TransparencyReport } from "./report-shapes";
export { isZakatCategory, ZAKAT_CATEGORIES, ZAKAT_CATEGORY_KEYS, zakatCategoryLabel, type ZakatCategoryKey } from "./zakat-categories";
export { templatePlaceholdersIn } from "./policy-template";
