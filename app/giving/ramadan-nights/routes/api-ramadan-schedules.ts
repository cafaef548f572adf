import type { Route } from "./+types/api-ramadan-schedules";
import { apiResource, badQuery, listAnswer } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import {
  listRamadanSchedules,
  ramadanSchedulesInBatches,
  readRamadanScheduleFilter,
} from "../server/ramadan-schedules.server";

/**
 * GET /api/donations/ramadan-schedules (admin): donors' Ramadan nights, newest first, each
 * with its nights (evening, amount in dollars, status, when charged, the gift recorded),
 * what was charged and how many nights failed. Whole unless paged (`limit`, `offset`);
 * `status` (awaiting_card, active, stopped, finished), `hijri_year` and `email` filter it;
 * a value that names nothing is a 422.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => {
    const url = new URL(request.url);
    const { filter, problem } = readRamadanScheduleFilter(url.searchParams);
    if (problem) return badQuery(problem);
    return listAnswer(url, {
      whole: () => ramadanSchedulesInBatches(filter),
      page: (page) => listRamadanSchedules(filter, page),
    });
  }),
});
export const loader = resource;
export const action = resource;
