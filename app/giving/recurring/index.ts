export { endsAsLostGift } from "./rules/payment-troubles";
export { nextChargeTaken } from "./rules/recurring-pause";
export { nextScheduledCharge } from "./rules/recurring-schedule";
export {
  canPause,
  FINAL_STATUSES,
  INITIAL_STATUS,
  isCancelable,
  isChangeable,
  shownStatus,
} from "./rules/subscription-status";
