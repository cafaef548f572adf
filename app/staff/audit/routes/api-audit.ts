import type { Route } from "./+types/api-audit";
import { apiResource, badQuery, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { readAuditFilter } from "../rules/audit-filter";
import { findAuditPage } from "../server/audit-list.server";

/**
 * GET /api/audit/?actor=&action=&entity=&entity_id=&from=&to=&page= (owner): one page of the
 * audit trail, newest first, as `{items, page, page_size, total, total_capped, has_more}`;
 * `total` is counted up to 1,000 (`total_capped` past it); a page past the end is empty. Dates
 * are UTC days, both kept; a bad date or page is a 422.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => {
    const url = new URL(request.url);
    const { filter, problem } = readAuditFilter(url.searchParams);
    const pageText = url.searchParams.get("page")?.trim() || "1";
    const pageProblem =
      /^\d{1,6}$/.test(pageText) && Number(pageText) > 0 ? null : "page must be a whole number from 1";
    const problems = [problem, pageProblem].filter(Boolean);
    if (problems.length) return badQuery(problems.join("; "));
    // A page past the end is empty, with the real total (as /api/donations answers an offset past it).
    const found = await findAuditPage(filter, Number(pageText), undefined, "empty");
    return json({
      items: found.entries,
      page: found.page,
      page_size: found.pageSize,
      total: found.total,
      total_capped: found.capped,
      has_more: found.hasMore,
    });
  }),
});
export const loader = resource;
export const action = resource;
