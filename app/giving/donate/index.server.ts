export { currentCardFee } from "./server/card-fee.server";
export { checkoutFormReply } from "./routes/checkout-form.server";
export { startCheckout, startQuickPayCheckout, startSubscriptionCheckout } from "./server/checkout.server";
