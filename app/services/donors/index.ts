export { billingPortalFor, cancelMyRecurringGift, givingOf, givingStatement, redeemGivingLink, requestGivingLink } from "./my-giving.server";
