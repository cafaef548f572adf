export { type Shortfall, shortfallOf } from "./rules/running-balance";
