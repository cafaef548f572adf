import type { Route } from "./+types/subscriptions";
import { apiResource, json, queryPage } from "~/lib/api.server";
import { staffOnly } from "~/services/staff";
import { listSubscriptions } from "~/services/giving";

/** GET /api/donations/subscriptions (admin): recurring gifts, newest first. */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => json(await listSubscriptions(queryPage(new URL(request.url))))),
});
export const loader = resource;
export const action = resource;
