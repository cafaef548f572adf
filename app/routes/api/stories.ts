import type { Route } from "./+types/stories";
import { handleApiRequest, json, queryFlag, queryPage } from "~/lib/api.server";
import { listStories } from "~/services/stories.server";

/** GET /api/stories/?active_only=&featured_only= : newest first, the whole list unless paged. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApiRequest(request, {
    GET: async () => {
      const url = new URL(request.url);
      const stories = await listStories({
        activeOnly: queryFlag(url, "active_only"),
        featuredOnly: queryFlag(url, "featured_only"),
        ...queryPage(url),
      });
      return json(stories);
    },
  });
}
