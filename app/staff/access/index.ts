export { mayOpen } from "./rules/route-access";
