export { quoteQuickPay } from "./server/quick-pay.server";
