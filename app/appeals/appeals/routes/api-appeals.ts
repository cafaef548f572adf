import type { Route } from "./+types/api-appeals";
import { apiResource, badQuery, json, listAnswer, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { readerOf } from "~/staff/access/index.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { appealsInBatches, createAppeal, listAppeals, readAppealFilter } from "../server/appeals.server";

/**
 * GET /api/appeals/: full appeals (story, fund, `raised`, `goal`, `gifts` in dollars and
 * counts), newest first, whole unless paged (`limit`, `offset`). The public reads live and
 * closed appeals only; staff read drafts too. `search` and `status` filter like the
 * Appeals screen (an unknown status is a 422).
 * POST /api/appeals/ (admin): creates an appeal; its address is proposed from the title
 * when none is given.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ request }) => {
    const url = new URL(request.url);
    const { filter, problem } = readAppealFilter(url.searchParams);
    if (problem) return badQuery(problem);
    const reader = await readerOf(request, "/api/appeals");
    return listAnswer(url, {
      whole: () => appealsInBatches(filter, reader),
      page: (page) => listAppeals(filter, page, reader),
    });
  }),
  POST: staffOnly(async ({ request }) => json(await createAppeal(await readJsonBody(request)), 201)),
});
export const loader = resource;
export const action = resource;
