export { startCheckout, startQuickPayCheckout, startSubscriptionCheckout } from "./checkout.server";
export { type Donation, type DonationFilter, donationsForExport, findDonationPage, getDonationStats, getDonationTotals, listDonations, readDonationFilter, recordOfflineGift } from "./donations.server";
export { confirmCheckout, type GiftConfirmation } from "./gift-confirmation.server";
export { receiveProviderWebhook } from "./provider-events.server";
export { SYNC_DAYS, syncFromProvider } from "./provider-sync.server";
export { calculateZakatAtTodaysPrices, todaysMetalPrices, type TodaysMetalPrices } from "./metal-prices.server";
export { quickPayTerms, quoteQuickPay, type QuickPayQuote, type QuickPayTerms } from "./quick-pay.server";
export { findReceipt } from "./receipts.server";
export { cancelSandbox, getSandboxCheckout, paySandbox, saveSandboxCheckoutCard } from "./sandbox-checkout.server";
export { cancelSubscription, findSubscription, findSubscriptionById, findSubscriptionPage, getSubscriptionSummary, listSubscriptions, refreshSubscriptionStatuses, type Subscription, type SubscriptionSummary } from "./subscriptions.server";
export { getAppealDetail, latestSupporters, SUPPORTERS_SHOWN, supporterName } from "./appeal-gifts.server";
export { currentCardFee } from "./card-fee.server";
export { changeRecurringAmount, pauseRecurringGift, resumeRecurringGift, type RecurringActor } from "./recurring-changes.server";
export { subscriptionHistory, type SubscriptionChange } from "./subscription-history.server";
export {
  countRamadanNightsToCome,
  findRamadanSchedule,
  findRamadanScheduleOrNull,
  findRamadanSchedulePage,
  listRamadanSchedules,
  previewRamadanNights,
  ramadanSchedulesInBatches,
  ramadanSchedulesOf,
  readRamadanScheduleFilter,
  startRamadanCheckout,
  stopMyRamadanNights,
  stopRamadanSchedule,
  type RamadanPreview,
  type RamadanPreviewNight,
  type RamadanSchedule,
  type RamadanScheduleFilter,
  type RamadanScheduleNight,
  type RamadanScheduleSummary,
  type RamadanStopActor,
} from "./ramadan-schedules.server";
export { runTonightsRamadanCharges, startRamadanCharges, type RamadanChargeRound } from "./ramadan-charges.server";
export { ramadanSettings, type RamadanSettings } from "./ramadan-settings.server";
export { confirmRamadanCheckout, type RamadanConfirmation } from "./ramadan-confirmation.server";
export { cardLinkPage, openCardUpdate, type CardLinkPage } from "./card-links.server";
export { paymentTroubles, type PaymentTrouble, type PaymentTroubleReport } from "./payment-trouble-report.server";
export { fixSandboxCardAndRetry, getSandboxBillingPage, isTroubleSimulation, simulatePaymentTrouble } from "./sandbox-troubles.server";
