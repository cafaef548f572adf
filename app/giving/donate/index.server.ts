export { currentCardFee } from "./server/card-fee.server";
export { checkoutFormReply } from "./routes/checkout-form.server";
export { startCheckout } from "./server/checkout.server";
