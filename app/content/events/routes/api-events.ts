import type { Route } from "./+types/api-events";
import { apiResource, json, queryFlag, queryPage, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { createEvent, listEvents } from "../server/events.server";

/**
 * GET /api/events/?upcoming_only= : soonest first, past and upcoming unless asked;
 * "upcoming" is today or later where the foundation is (SITE_TIMEZONE).
 * POST /api/events/ (admin): creates an event.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ request }) => {
    const url = new URL(request.url);
    return json(await listEvents({ upcomingOnly: queryFlag(url, "upcoming_only"), ...queryPage(url) }));
  }),
  POST: staffOnly(async ({ request }) => json(await createEvent(await readJsonBody(request)), 201)),
});
export const loader = resource;
export const action = resource;
