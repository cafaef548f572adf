export { receiveProviderWebhook } from "./server/provider-events.server";
export { SYNC_DAYS, syncFromProvider } from "./server/provider-sync.server";
export {
  cancelSandbox,
  getSandboxCheckout,
  paySandbox,
  saveSandboxCheckoutCard,
} from "./server/sandbox-checkout.server";
