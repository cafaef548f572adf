export { receiptNumber, yearIn } from "./receipts";
export { MAXIMUM_ONLINE_DONATION, MINIMUM_DONATION } from "./gift-options";
export { tributeOf, tributeWords } from "./tribute";
