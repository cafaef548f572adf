export { receiveProviderWebhook } from "./server/provider-events.server";
export { syncFromProvider } from "./server/provider-sync.server";
