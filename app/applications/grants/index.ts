export { mayDecide, mayHandleMoney, publicCount } from "./rules/grant-rules";
export type { Grant, GrantPayment } from "./rules/grant-view";
