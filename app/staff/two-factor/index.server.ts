export { hasTwoFactor, InvalidCodeError, mustSetUpTwoFactor, verifySecondFactor } from "./server/two-factor.server";
export { completePendingSignIn, pendingSignIn, startPendingSignIn } from "./server/pending-sign-in.server";
export { requireRecentPassword } from "./server/recent-password.server";
