import type { Route } from "./+types/api-rates";
import { apiResource, json, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { readerOf } from "~/staff/access/index.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { rateRegister, recordRate } from "../server/rates.server";

/**
 * GET /api/rates/ (public): the rates register, every rate ever set, newest first, each
 * marked `is_current` when it is the one of its kind in force today. Who recorded a rate
 * and when (`recorded_by`, `recorded_at`) is shown to staff only.
 * POST /api/rates/ (admin): sets a new rate from its effective date; the old one stays
 * in the history.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ request }) => json(await rateRegister(await readerOf(request, "/api/rates")))),
  POST: staffOnly(async ({ request }, admin) =>
    json(await recordRate(await readJsonBody(request), admin.username), 201),
  ),
});
export const loader = resource;
export const action = resource;
