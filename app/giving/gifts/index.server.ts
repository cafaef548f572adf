export { getAppealDetail } from "./server/appeal-gifts.server";
export { getDonationTotals } from "./server/donations.server";
export { confirmCheckout, type GiftConfirmation } from "./server/gift-confirmation.server";
export { placeGift, requireOpenFund } from "./server/gift-funds.server";
export {
  applySubscriptionState,
  insertGiftOnce,
  lacksSubscriptionPeriod,
  learnSubscriptionPeriod,
  markSubscriptionPastDue,
  recordCheckoutSession,
  recordInTransaction,
  recordInvoicePayment,
  type RecordOutcome,
} from "./server/gift-recording.server";
