export { newReceiptToken } from "./server/receipt-tokens.server";
export { issueReceipt } from "./server/receipts.server";
