export { NO_GOODS_OR_SERVICES, receiptNumber, yearIn, ZAKAT_PROMISE } from "./rules/receipts";
