import type { Route } from "./+types/api-event";
import { apiResource, idParam, json, noContent, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { deleteEvent, getEvent, updateEvent } from "../server/events.server";

/** GET (public), PUT and DELETE (admin) /api/events/{id}. */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ params }) => json(await getEvent(idParam(params.id)))),
  PUT: staffOnly(async ({ request, params }) =>
    json(await updateEvent(idParam(params.id), await readJsonBody(request))),
  ),
  DELETE: staffOnly(async ({ params }) => {
    await deleteEvent(idParam(params.id));
    return noContent();
  }),
});
export const loader = resource;
export const action = resource;
