import type { Route } from "./+types/api-applications";
import { apiResource, badQuery, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { readQueueFilter } from "../rules/queue-filter";
import { API_MAX_PAGE_SIZE, API_PAGE_SIZE, casesPageForApi } from "../server/cases.server";

/**
 * GET /api/applications/?page=&page_size= (caseworker, finance): one page of the cases, newest
 * first, every state unless `state` says (`open`, or one state); `category`, `caseworker`
 * (`mine`, `unassigned` or a person's id), `search` (a reference). Answered as /api/audit/
 * answers: `{items, page, page_size, total, has_more}`, `total` counted in SQL; a page past the
 * end is empty. A list names no one: the family's fields are read one case at a time
 * (GET /api/applications/{ref}).
 */
const resource = apiResource<Route.LoaderArgs>({
  GET: staffOnly(async ({ request }, admin) => {
    const url = new URL(request.url);
    const { filter, problem } = readQueueFilter(url.searchParams, "all");
    const pageText = url.searchParams.get("page")?.trim() || "1";
    const sizeText = url.searchParams.get("page_size")?.trim() || String(API_PAGE_SIZE);
    const problems = [
      problem,
      /^\d{1,6}$/.test(pageText) && Number(pageText) > 0 ? null : "page must be a whole number from 1",
      /^\d{1,4}$/.test(sizeText) && Number(sizeText) > 0 && Number(sizeText) <= API_MAX_PAGE_SIZE
        ? null
        : `page_size must be a whole number from 1 to ${API_MAX_PAGE_SIZE}`,
      url.searchParams.has("limit") || url.searchParams.has("offset")
        ? "limit and offset are not read here: ask for a page with page and page_size"
        : null,
    ].filter(Boolean);
    if (problems.length) return badQuery(problems.join("; "));
    return json(await casesPageForApi(filter, admin, Number(pageText), Number(sizeText)));
  }),
});
export const loader = resource;
export const action = resource;
