export { INVALID_CREDENTIALS_MESSAGE, safeRedirectPath } from "./rules/admin-login";
