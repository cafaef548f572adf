import type { Route } from "./+types/api-video-thumbnail";
import { apiResource } from "~/lib/api.server";
import { serveYouTubeThumbnail } from "../server/video-thumbnails.server";
import { isYouTubeVideoShown } from "../server/media.server";

/** GET /api/video-thumbnails/{youtubeId}.webp: the still of a YouTube video this site shows. */
const resource = apiResource<Route.LoaderArgs>({
  GET: ({ request, params }) => serveYouTubeThumbnail(request, params.file, isYouTubeVideoShown),
});
export const loader = resource;
export const action = resource;
