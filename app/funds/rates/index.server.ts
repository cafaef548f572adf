export { currentRates, type CurrentRates, obligationRatesOf, type Rate } from "./server/rates.server";
