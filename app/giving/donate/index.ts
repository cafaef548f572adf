export {
  cancelSubscriptionSchema,
  dollarAmount,
  type DonationRequest,
  donationSchema,
  donorEmail,
  donorName,
  type OfflineGift,
  offlineGiftSchema,
  purpose,
  PURPOSE_REFUSED,
  type QuickPayRequest,
  quickPaySchema,
} from "./rules/donation-schemas";
export { type CardFee, feeCoverCents, giftWithFeeWords } from "./rules/fee-cover";
export {
  DONATION_FREQUENCIES,
  type DonationFrequency,
  FORM_FREQUENCIES,
  type FormFrequency,
  FREQUENCY_OF_INTERVAL,
  frequencyNote,
  GENERAL_DONATION,
  initialDonation,
  INTERVAL_OF_FREQUENCY,
  isDonationFrequency,
  isRecurringFrequency,
  MAXIMUM_ONLINE_DONATION,
  MINIMUM_DONATION,
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  PRESET_AMOUNTS,
  PURPOSE_MAX_LENGTH,
  type RecurringInterval,
} from "./rules/gift-options";
export { keptGiftChoices } from "./rules/kept-choices";
export { type Tribute, TRIBUTE_KINDS, type TributeKind, tributeMail, tributeOf, tributeWords } from "./rules/tribute";
