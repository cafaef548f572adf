export { dataKeyProblem } from "./server/data-key-check.server";
