export { PASSKEY_REFUSED_MESSAGE, type Passkey } from "./rules/passkeys";
