export { startCheckout, startSubscriptionCheckout } from "./checkout.server";
export { type Donation, donationsForExport, findDonationPage, getDonationStats, getDonationTotals, listDonations, readDonationFilter, recordOfflineGift } from "./donations.server";
export { confirmCheckout, type GiftConfirmation } from "./gift-confirmation.server";
export { receiveProviderWebhook } from "./provider-events.server";
export { SYNC_DAYS, syncFromProvider } from "./provider-sync.server";
export { findReceipt } from "./receipts.server";
export { cancelSandbox, getSandboxCheckout, paySandbox } from "./sandbox-checkout.server";
export { cancelSubscription, findSubscription, findSubscriptionPage, getSubscriptionSummary, listSubscriptions, refreshSubscriptionStatuses, type Subscription, type SubscriptionSummary } from "./subscriptions.server";
