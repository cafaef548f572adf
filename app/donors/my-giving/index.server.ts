export {
  billingPortalFor,
  cancelMyRecurringGift,
  changeMyRecurringGift,
  givingOf,
  givingStatement,
  pauseMyRecurringGift,
  redeemGivingLink,
  requestGivingLink,
  resumeMyRecurringGift,
} from "./server/my-giving.server";
