export { QuickPayDonation, type QuickPayView } from "./components/quick-pay-donation";
