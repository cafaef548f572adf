export { INVALID_CREDENTIALS_MESSAGE } from "./rules/admin-login";
