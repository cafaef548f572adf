export { type Admin } from "./rules/admin";
