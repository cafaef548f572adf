import type { Route } from "./+types/stories";
import { apiResource, json, queryFlag, queryPage } from "~/lib/api.server";
import { listStories } from "~/services/stories.server";

/** GET /api/stories/?active_only=&featured_only= : newest first, the whole list unless paged. */
const resource = apiResource<Route.ActionArgs>({
  GET: async ({ request }) => {
    const url = new URL(request.url);
    const stories = await listStories({
      activeOnly: queryFlag(url, "active_only"),
      featuredOnly: queryFlag(url, "featured_only"),
      ...queryPage(url),
    });
    return json(stories);
  },
});
export const loader = resource;
export const action = resource;
