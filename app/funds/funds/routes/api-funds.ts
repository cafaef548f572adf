import type { Route } from "./+types/api-funds";
import { apiResource, json, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { addFund, listFunds } from "../server/funds.server";

/**
 * GET /api/funds/ (public): every fund, archived ones last and flagged `archived`, with
 * what it received (live gifts only), disbursed and holds, in dollars. Staff and the
 * public see the same figures: they are the foundation's published accounts.
 * POST /api/funds/ (admin): adds a restricted Sadaqa fund (name, description).
 */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async () => json(await listFunds())),
  POST: staffOnly(async ({ request }) => json(await addFund(await readJsonBody(request)), 201)),
});
export const loader = resource;
export const action = resource;
