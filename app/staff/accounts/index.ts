export { type Admin } from "./rules/admin";
export { holdsAnyOf, ROLE_LABELS, type Role } from "./rules/roles";
export { secondFactorWords } from "./rules/second-factors";
