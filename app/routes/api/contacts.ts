import type { Route } from "./+types/contacts";
import { apiError, apiResource, json, jsonArrayResponse, queryPage, readJsonBody } from "~/lib/api.server";
import { requireAdminApi } from "~/lib/auth.server";
import { clientAddressContext } from "~/lib/request-context";
import { contactsInBatches, listContacts, readContactFilter, submitContactMessage } from "~/services/contacts.server";

/**
 * POST /api/contact/ (public) {name, email, message}: 201 with the stored message, or
 * 204 when a bot's honeypot was filled (nothing stored, nothing said).
 * GET /api/contact/?resolved=true|false (admin): newest first, whole unless paged;
 * `search` filters like the Contacts screen.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: async ({ request }) => {
    await requireAdminApi(request);
    const url = new URL(request.url);
    const { filter, problem } = readContactFilter(url.searchParams);
    if (problem) return apiError(422, problem);
    const page = queryPage(url);
    if (page.limit === undefined && !page.offset) return jsonArrayResponse(contactsInBatches(filter));
    return json(await listContacts(filter, page));
  },
  POST: async ({ request, context }) => {
    const stored = await submitContactMessage(await readJsonBody(request), context.get(clientAddressContext));
    return stored ? json(stored, 201) : new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
