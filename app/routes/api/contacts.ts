import type { Route } from "./+types/contacts";
import { apiError, apiResource, json, jsonArrayResponse, queryPage, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/services/staff";
import { visitorOf } from "~/lib/visitor.server";
import { contactsInBatches, listContacts, readContactFilter, submitContactMessage } from "~/services/community";

/**
 * POST /api/contact/ (public) {name, email, message}: 201 with the stored message.
 * GET /api/contact/?resolved=true|false (admin): newest first, whole unless paged;
 * `search` filters like the Contacts screen.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => {
    const url = new URL(request.url);
    const { filter, problem } = readContactFilter(url.searchParams);
    if (problem) return apiError(422, problem);
    const page = queryPage(url);
    if (page.limit === undefined && !page.offset) return jsonArrayResponse(contactsInBatches(filter));
    return json(await listContacts(filter, page));
  }),
  POST: async ({ request, context }) => {
    return json(await submitContactMessage(await readJsonBody(request), visitorOf(request, context)), 201);
  },
});
export const loader = resource;
export const action = resource;
