export {
  hasPasskeys,
  type PasskeyClient,
  passkeyOptionsFor,
  relyingPartyFor,
  verifyPasskeyFor,
} from "./server/passkeys.server";
export { requireRecentPassword } from "./server/recent-password.server";
