export { INVALID_CREDENTIALS_MESSAGE } from "./rules/admin-login";
export { safeRedirectPath } from "./rules/admin-login";
