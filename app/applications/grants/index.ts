export { publicCount } from "./rules/grant-rules";
export type { Grant } from "./rules/grant-view";
