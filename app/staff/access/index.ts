export { mayChange, mayOpen } from "./rules/route-access";
