import type { Route } from "./+types/calculate-zakat";
import { calculateZakat } from "~/domain/giving/zakat";
import { zakatInputSchema } from "~/domain/giving/zakat-schema";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { parseOrThrow } from "~/lib/service-errors";

/** POST /api/donations/calculate-zakat: the calculator's inputs -> its result, nisab included. */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request }) => json(calculateZakat(parseOrThrow(zakatInputSchema, await readJsonBody(request)))),
});
export const loader = resource;
export const action = resource;
