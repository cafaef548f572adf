import type { Route } from "./+types/api-stories";
import { apiResource, json, queryFlag, queryPage, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { readerOf } from "~/staff/access/index.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { createStory, listStories } from "../server/stories.server";

/**
 * GET /api/stories/?active_only=&featured_only= : newest first, the whole list unless
 * paged; without an admin, active stories only whatever the flags say.
 * POST /api/stories/ (admin): creates a story.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ request }) => {
    const url = new URL(request.url);
    const options = {
      activeOnly: queryFlag(url, "active_only"),
      featuredOnly: queryFlag(url, "featured_only"),
      ...queryPage(url),
    };
    return json(await listStories(options, await readerOf(request, "/api/stories")));
  }),
  POST: staffOnly(async ({ request }) => json(await createStory(await readJsonBody(request)), 201)),
});
export const loader = resource;
export const action = resource;
