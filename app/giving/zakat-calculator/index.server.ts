export { calculateZakatAtTodaysPrices, todaysMetalPrices, type TodaysMetalPrices } from "./server/metal-prices.server";
