import type { Route } from "./+types/api-ramadan-charges-run";
import { apiResource, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { runTonightsRamadanCharges } from "../server/ramadan-charges.server";

/**
 * POST /api/donations/ramadan-schedules/run-tonight (admin): tonight's nights are charged
 * now, even before the hour staff set; a night already charged is never charged again.
 * Answers {charged, failed, already_charged, missed}.
 */
const resource = apiResource<Route.ActionArgs>({
  POST: staffOnly(async (_args, admin) => json(await runTonightsRamadanCharges({ by: admin.username }))),
});
export const loader = resource;
export const action = resource;
