export { type RateInForce, RatesInForce } from "./components/rates-in-force";
