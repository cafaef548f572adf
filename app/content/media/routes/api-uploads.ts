import type { Route } from "./+types/api-uploads";
import { apiResource } from "~/lib/api.server";
import { serveUpload } from "~/lib/upload-files.server";

/** GET /api/uploads/{media/images|media/videos|stories|events|appeals}/{file}: uploaded media. */
const resource = apiResource<Route.LoaderArgs>({
  GET: ({ request, params }) => serveUpload(request, params["*"] ?? ""),
});
export const loader = resource;
export const action = resource;
