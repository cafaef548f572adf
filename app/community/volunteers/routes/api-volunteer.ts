import type { Route } from "./+types/api-volunteer";
import { apiResource, idParam, json, noContent } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { deleteVolunteer, getVolunteer } from "../server/volunteers.server";

/** GET and DELETE /api/volunteers/{id} (admin). */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ params }) => json(await getVolunteer(idParam(params.id)))),
  DELETE: staffOnly(async ({ params }) => {
    await deleteVolunteer(idParam(params.id));
    return noContent();
  }),
});
export const loader = resource;
export const action = resource;
