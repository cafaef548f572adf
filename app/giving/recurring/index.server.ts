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
export { changeRecurringAmount, pauseRecurringGift, resumeRecurringGift } from "./server/recurring-changes.server";
export { fixSandboxCardAndRetry, getSandboxBillingPage } from "./server/sandbox-troubles.server";
export {
  type ChangeActor,
  type ChangeRecord,
  PROVIDER,
  recordSubscriptionChange,
  type SubscriptionChange,
  subscriptionHistory,
} from "./server/subscription-history.server";
export { cancelSubscription } from "./server/subscriptions.server";
