import type { Route } from "./+types/setting";
import { handleApiRequest, json, readJsonBody } from "~/lib/api.server";
import { requireAdminApi } from "~/lib/auth.server";
import { deleteSetting, getSetting, updateSetting } from "~/services/settings.server";

/** GET (public), PUT and DELETE (admin) /api/settings/{key}. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApiRequest(request, { GET: async () => json(await getSetting(params.key)) });
}

export function action({ request, params }: Route.ActionArgs) {
  return handleApiRequest(request, {
    PUT: async () => {
      await requireAdminApi(request);
      return json(await updateSetting(params.key, await readJsonBody(request)));
    },
    DELETE: async () => {
      await requireAdminApi(request);
      await deleteSetting(params.key);
      return new Response(null, { status: 204 });
    },
  });
}
