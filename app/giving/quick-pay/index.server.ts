export { type QuickPayQuote, quickPayTerms, type QuickPayTerms, quoteQuickPay } from "./server/quick-pay.server";
