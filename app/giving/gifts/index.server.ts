export { getAppealDetail, latestSupporters, supporterName, SUPPORTERS_SHOWN } from "./server/appeal-gifts.server";
export {
  type Donation,
  type DonationFilter,
  donationsForExport,
  findDonationPage,
  getDonationStats,
  getDonationTotals,
  listDonations,
  readDonationFilter,
  recordOfflineGift,
} from "./server/donations.server";
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
