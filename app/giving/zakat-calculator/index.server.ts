export { todaysMetalPrices } from "./server/metal-prices.server";
