export { type EidAlFitr, getZakatPolicy, isZakatPolicyPublished, thisYearsEid } from "./server/zakat-policy.server";
export { getZakatWatch, type ZakatWatch } from "./server/zakat-watch.server";
