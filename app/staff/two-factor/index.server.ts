export { hasTwoFactor, InvalidCodeError, mustSetUpTwoFactor, verifySecondFactor } from "./server/two-factor.server";
export { completePendingSignIn, pendingSignIn, startPendingSignIn } from "./server/pending-sign-in.server";
export { hasRecentPassword, requireRecentPassword } from "./server/recent-password.server";
export { resetTwoFactorOf } from "./server/two-factor-reset.server";
