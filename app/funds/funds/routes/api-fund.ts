import type { Route } from "./+types/api-fund";
import { apiResource, idParam, json, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { changeFund, getFund } from "../server/funds.server";

/**
 * GET /api/funds/{id} (public) and PUT (admin): a fund's description, or `archived`. A
 * name never changes (422); a fixed fund is never archived (409).
 */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ params }) => json(await getFund(idParam(params.id)))),
  PUT: staffOnly(async ({ request, params }) =>
    json(await changeFund(idParam(params.id), await readJsonBody(request))),
  ),
});
export const loader = resource;
export const action = resource;
