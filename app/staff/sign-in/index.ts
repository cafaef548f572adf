export { INVALID_CREDENTIALS_MESSAGE, PASSWORD_RESET_DONE_PATH, safeRedirectPath } from "./rules/admin-login";
