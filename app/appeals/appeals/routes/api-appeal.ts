import type { Route } from "./+types/api-appeal";
import { apiError, apiResource, json, noContent, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { readerOf } from "~/staff/access/index.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { deleteAppeal, getAppeal, updateAppeal } from "../server/appeals.server";
import { getAppealDetail } from "~/giving/gifts/index.server";

/**
 * /api/appeals/{slug-or-id}: an address names the appeal before a number does (an
 * appeal may be called "2025"), and an address it had as a draft still names it.
 * GET: the appeal with `raised`, `goal`, `gifts` and its latest `supporters` (first
 * names, or "Anonymous"); a draft is a 404 without an admin.
 * PUT (admin): changes only the fields sent. DELETE (admin): a draft only (204); an
 * appeal that has gone live or has gifts is a 409: close it instead.
 */
const STAFF = { staff: true };

function refOf(params: { ref?: string }): string {
  const ref = params.ref?.trim();
  if (!ref || ref.length > 100) throw apiError(404, "Appeal not found");
  return ref;
}

const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ request, params }) => {
    // The address it has now is in `slug`: the API answers the appeal, not a redirect.
    const { movedTo: _, ...appeal } = await getAppealDetail(refOf(params), await readerOf(request, "/api/appeals"));
    return json(appeal);
  }),
  PUT: staffOnly(async ({ request, params }) => {
    const { id } = await getAppeal(refOf(params), STAFF);
    return json(await updateAppeal(id, await readJsonBody(request)));
  }),
  DELETE: staffOnly(async ({ params }) => {
    const { id } = await getAppeal(refOf(params), STAFF);
    await deleteAppeal(id);
    return noContent();
  }),
});
export const loader = resource;
export const action = resource;
