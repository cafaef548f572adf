export { publicCount } from "./rules/grant-rules";
