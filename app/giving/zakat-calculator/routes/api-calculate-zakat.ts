import type { Route } from "./+types/api-calculate-zakat";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { calculateZakatAtTodaysPrices } from "../server/metal-prices.server";

/**
 * POST /api/donations/calculate-zakat: the calculator's inputs -> its result, nisab included (prices left out are
 * today's).
 */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request }) => json(await calculateZakatAtTodaysPrices(await readJsonBody(request))),
});
export const loader = resource;
export const action = resource;
