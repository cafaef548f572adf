export { PASSKEY_REFUSED_MESSAGE } from "./rules/passkeys";
