import type { Route } from "./+types/api-subscriptions";
import { apiResource, json, queryPage } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { listSubscriptions } from "../server/subscriptions.server";

/** GET /api/donations/subscriptions (admin): recurring gifts, newest first. */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => json(await listSubscriptions(queryPage(new URL(request.url))))),
});
export const loader = resource;
export const action = resource;
