export { type Admin } from "./rules/admin";
export { holdsAnyOf, ROLE_LABELS, type Role } from "./rules/roles";
export { MIN_PASSWORD_LENGTH } from "./rules/team";
