export {
  hasTwoFactor,
  InvalidCodeError,
  mustSetUpTwoFactor,
  secondFactorsOf,
  verifySecondFactor,
} from "./server/two-factor.server";
export { completePendingSignIn, pendingSignIn, startPendingSignIn } from "./server/pending-sign-in.server";
export {
  confirmPassword,
  hasRecentPassword,
  notePasswordGiven,
  requireRecentPassword,
  requireRecentPasswordJson,
} from "./server/recent-password.server";
export { resetTwoFactorOf } from "./server/two-factor-reset.server";
