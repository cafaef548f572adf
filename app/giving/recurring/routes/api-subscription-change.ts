import type { Route } from "./+types/api-subscription-change";
import { apiError, apiResource, json, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import {
  changeRecurringAmount,
  pauseRecurringGift,
  resumeRecurringGift,
  type RecurringActor,
} from "../server/recurring-changes.server";

/**
 * Staff change a recurring gift, named by this site's id (as Subscriptions lists it), from
 * its next charge; nothing is charged now. Admin only.
 * POST /api/donations/subscriptions/{id}/change {amount}: the new amount in dollars (at least $1).
 * POST /api/donations/subscriptions/{id}/pause {charges}: skip the next 1, 2 or 3 charges.
 * POST /api/donations/subscriptions/{id}/resume: collect again from the next charge.
 * Each answers the recurring gift as GET /api/donations/subscriptions shows it; bad values
 * are a 422, an ended gift a 409, an unknown one a 404.
 */
const CHANGES: Record<string, (id: number, request: Request, actor: RecurringActor) => Promise<unknown>> = {
  change: async (id, request, actor) => changeRecurringAmount(id, await readJsonBody(request), actor),
  pause: async (id, request, actor) => pauseRecurringGift(id, await readJsonBody(request), actor),
  resume: (id, _request, actor) => resumeRecurringGift(id, actor),
};

const resource = apiResource<Route.ActionArgs>({
  POST: staffOnly(async ({ request, params }, admin) => {
    const change = Object.hasOwn(CHANGES, params.change) ? CHANGES[params.change] : undefined;
    const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : null;
    if (!change || id === null) return apiError(404, "Recurring gift not found");
    return json(await change(id, request, { kind: "staff", name: admin.username }));
  }),
});
export const loader = resource;
export const action = resource;
