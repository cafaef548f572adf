import type { Route } from "./+types/video-thumbnail";
import { apiResource } from "~/lib/api.server";
import { serveYouTubeThumbnail } from "~/lib/video-thumbnails.server";

/** GET /api/video-thumbnails/{youtubeId}.webp: a YouTube still, served from this site. */
const resource = apiResource<Route.LoaderArgs>({
  GET: ({ request, params }) => serveYouTubeThumbnail(request, params.file),
});
export const loader = resource;
export const action = resource;
