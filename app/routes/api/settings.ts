import type { Route } from "./+types/settings";
import { handleApiRequest, json, readJsonBody } from "~/lib/api.server";
import { requireAdminApi } from "~/lib/auth.server";
import { createSetting, listSettings } from "~/services/settings.server";

/** GET /api/settings/ (public) and POST /api/settings/ (admin). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApiRequest(request, { GET: async () => json(await listSettings()) });
}

export function action({ request }: Route.ActionArgs) {
  return handleApiRequest(request, {
    POST: async () => {
      await requireAdminApi(request);
      return json(await createSetting(await readJsonBody(request)), 201);
    },
  });
}
