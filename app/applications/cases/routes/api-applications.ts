import type { Route } from "./+types/api-applications";
import { apiResource, badQuery, listAnswer } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { readQueueFilter } from "../rules/queue-filter";
import { casesForApi } from "../server/cases.server";

/**
 * GET /api/applications/ (caseworker, finance): cases newest first, every state unless
 * `state` says (`open`, or one state); `category`, `caseworker` (`mine`, `unassigned` or a
 * person's id); whole unless `limit`/`offset` ask for a page. A list names no one: the
 * family's fields are read one case at a time (GET /api/applications/{ref}).
 */
const resource = apiResource<Route.LoaderArgs>({
  GET: staffOnly(async ({ request }, admin) => {
    const url = new URL(request.url);
    const { filter, problem } = readQueueFilter(url.searchParams, "all");
    if (problem) return badQuery(problem);
    const cases = casesForApi(filter, admin);
    return listAnswer(url, { whole: () => cases.whole(), page: (page) => cases.page(page) });
  }),
});
export const loader = resource;
export const action = resource;
