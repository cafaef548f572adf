export { DonateWays } from "./components/donate-ways";
export { AmountChoice, FrequencyChoice, readFrequency, readGiftAmount } from "./components/gift-amount-fields";
export { ANONYMOUS_NOTE, GiftChoices, isTicked } from "./components/gift-choices";
export { CanceledCheckoutNotice, useKeptDonor } from "./components/kept-donor";
