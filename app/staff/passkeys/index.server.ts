export {
  hasPasskeys,
  type PasskeyClient,
  passkeyOptionsFor,
  relyingPartyFor,
  verifyPasskeyFor,
} from "./server/passkeys.server";
