export { newReceiptToken } from "./server/receipt-tokens.server";
export { findReceipt, issueReceipt } from "./server/receipts.server";
