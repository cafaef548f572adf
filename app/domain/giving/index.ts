export { receiptNumber, yearIn } from "./receipts";
