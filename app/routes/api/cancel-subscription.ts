import { z } from "zod";
import type { Route } from "./+types/cancel-subscription";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { requireAdminApi } from "~/lib/auth.server";
import { parseOrThrow } from "~/lib/service-errors";
import { cancelSubscription } from "~/services/subscriptions.server";

const cancelRequestSchema = z.object({
  subscription_id: z.string({ message: "subscription_id is required" }).trim().min(1, "subscription_id is required"),
});

/** POST /api/donations/cancel-subscription {subscription_id} (the provider's id), admin only. */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request }) => {
    await requireAdminApi(request);
    const { subscription_id } = parseOrThrow(cancelRequestSchema, await readJsonBody(request));
    return json(await cancelSubscription(subscription_id));
  },
});
export const loader = resource;
export const action = resource;
