import type { Route } from "./+types/api-transparency";
import { apiResource, json, sameForEveryVisitor } from "~/lib/api.server";
import { getTransparencyReport, readReportRequest } from "../server/transparency.server";

/**
 * GET /api/transparency?calendar=hijri|gregorian&year= (public): the figures of the
 * /transparency page. Aggregates only: never a donor's or a recipient's name, never a
 * proof document; test payments never count.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ request }) =>
    json(await getTransparencyReport(readReportRequest(new URL(request.url).searchParams))),
  ),
});
export const loader = resource;
export const action = resource;
