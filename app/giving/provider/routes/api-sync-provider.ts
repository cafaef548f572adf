import type { Route } from "./+types/api-sync-provider";
import { apiResource, badQuery, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { SYNC_DAYS, syncFromProvider } from "../server/provider-sync.server";

/**
 * POST /api/donations/sync-stripe-data (admin) -> {synced}: records the provider has
 * that this site lacks. `?days=` looks further back than the last 90 days.
 */
const resource = apiResource<Route.ActionArgs>({
  POST: staffOnly(async ({ request }) => {
    const raw = new URL(request.url).searchParams.get("days");
    const days = raw === null || raw === "" ? SYNC_DAYS : Number(raw);
    if (!Number.isInteger(days) || days < 1 || days > 3650)
      return badQuery("days must be a whole number from 1 to 3650");
    return json({ synced: await syncFromProvider({ days }) });
  }),
});
export const loader = resource;
export const action = resource;
