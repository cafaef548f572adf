export {
  type EidAlFitr,
  getZakatPolicy,
  isZakatPolicyPublished,
  saveZakatPolicy,
  setEidAlFitr,
  thisYearsEid,
  type ZakatPolicy,
} from "./server/zakat-policy.server";
export { getZakatWatch, type ZakatWatch } from "./server/zakat-watch.server";
