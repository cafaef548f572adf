import type { Route } from "./+types/api-story";
import { apiResource, idParam, json, noContent, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { readerOf } from "~/staff/access/index.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { deleteStory, getStory, updateStory } from "../server/stories.server";

/** GET (an inactive story is a 404 without an admin), PUT and DELETE (admin) /api/stories/{id}. */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ request, params }) =>
    json(await getStory(idParam(params.id), await readerOf(request, "/api/stories"))),
  ),
  PUT: staffOnly(async ({ request, params }) =>
    json(await updateStory(idParam(params.id), await readJsonBody(request))),
  ),
  DELETE: staffOnly(async ({ params }) => {
    await deleteStory(idParam(params.id));
    return noContent();
  }),
});
export const loader = resource;
export const action = resource;
