import type { Route } from "./+types/api-volunteers";
import { apiResource, json, listAnswer, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { visitorOf } from "~/lib/visitor.server";
import { listVolunteers, readVolunteerFilter, signUpVolunteer, volunteersInBatches } from "../server/volunteers.server";

/**
 * POST /api/volunteers/ (public) {name, email, interest}: 201 with the stored signup.
 * GET /api/volunteers/ (admin): newest first, whole unless paged; `search` and
 * `interest` filter like the Volunteers screen.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => {
    const url = new URL(request.url);
    const { filter } = readVolunteerFilter(url.searchParams);
    return listAnswer(url, { whole: () => volunteersInBatches(filter), page: (page) => listVolunteers(filter, page) });
  }),
  POST: async ({ request, context }) => {
    return json(await signUpVolunteer(await readJsonBody(request), visitorOf(request, context)), 201);
  },
});
export const loader = resource;
export const action = resource;
