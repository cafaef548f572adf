import type { Route } from "./+types/sync-provider";
import { apiResource, json } from "~/lib/api.server";
import { requireAdminApi } from "~/lib/auth.server";
import { syncFromProvider } from "~/services/provider-sync.server";

/** POST /api/donations/sync-stripe-data (admin) -> {synced}: records the provider has that we lack. */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request }) => {
    await requireAdminApi(request);
    return json({ synced: await syncFromProvider() });
  },
});
export const loader = resource;
export const action = resource;
