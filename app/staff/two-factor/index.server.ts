export {
  hasTwoFactor,
  InvalidCodeError,
  mustSetUpTwoFactor,
  type SecondFactorMethod,
  verifySecondFactor,
} from "./server/two-factor.server";
export { completePendingSignIn, pendingSignIn, startPendingSignIn } from "./server/pending-sign-in.server";
export { hasRecentPassword, notePasswordGiven, requireRecentPassword } from "./server/recent-password.server";
