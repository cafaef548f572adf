import type { Route } from "./+types/api-contacts";
import { apiResource, badQuery, json, listAnswer, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { visitorOf } from "~/lib/visitor.server";
import { contactsInBatches, listContacts, readContactFilter, submitContactMessage } from "../server/contacts.server";

/**
 * POST /api/contact/ (public) {name, email, message}: 201 with the stored message.
 * GET /api/contact/?resolved=true|false (admin): newest first, whole unless paged;
 * `search` filters like the Contacts screen.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ request }) => {
    const url = new URL(request.url);
    const { filter, problem } = readContactFilter(url.searchParams);
    if (problem) return badQuery(problem);
    return listAnswer(url, { whole: () => contactsInBatches(filter), page: (page) => listContacts(filter, page) });
  }),
  POST: async ({ request, context }) => {
    return json(await submitContactMessage(await readJsonBody(request), visitorOf(request, context)), 201);
  },
});
export const loader = resource;
export const action = resource;
