export { type AppealDetail, type Supporter } from "./rules/records";
export { supporterName } from "./rules/supporter-name";
