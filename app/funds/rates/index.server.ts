export {
  currentRates,
  type CurrentRates,
  listRates,
  obligationRatesOf,
  type PublicRegisterEntry,
  type Rate,
  rateRegister,
  recordRate,
  type RegisterEntry,
} from "./server/rates.server";
