export { changeRequestAddress, obligationQuery, readObligationQuery } from "./rules/quick-pay";
