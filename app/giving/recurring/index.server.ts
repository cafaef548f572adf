export { cardLinkPage, type CardLinkPage, openCardUpdate } from "./server/card-links.server";
export {
  type PaymentTrouble,
  type PaymentTroubleReport,
  paymentTroubles,
} from "./server/payment-trouble-report.server";
export {
  followSubscriptionTroubles,
  recordFailedCharge,
  recordRecoveredCharge,
} from "./server/payment-troubles.server";
export {
  answerRecurringChange,
  isRecurringChangeIntent,
  type RecurringChangeRefusal,
} from "./routes/recurring-change-form.server";
export {
  changeRecurringAmount,
  pauseRecurringGift,
  type RecurringActor,
  resumeRecurringGift,
} from "./server/recurring-changes.server";
export {
  fixSandboxCardAndRetry,
  getSandboxBillingPage,
  isTroubleSimulation,
  simulatePaymentTrouble,
} from "./server/sandbox-troubles.server";
export {
  type ChangeActor,
  type ChangeRecord,
  PROVIDER,
  recordSubscriptionChange,
  type SubscriptionChange,
  subscriptionHistory,
} from "./server/subscription-history.server";
export {
  cancelSubscription,
  findSubscription,
  findSubscriptionById,
  findSubscriptionPage,
  getSubscriptionSummary,
  listSubscriptions,
  refreshSubscriptionStatuses,
  type Subscription,
  type SubscriptionSummary,
} from "./server/subscriptions.server";
