import type { Route } from "./+types/api-contact";
import { apiResource, idParam, json, noContent } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { deleteContact, getContact } from "../server/contacts.server";

/** GET and DELETE /api/contact/{id} (admin). */
const resource = apiResource<Route.ActionArgs>({
  GET: staffOnly(async ({ params }) => json(await getContact(idParam(params.id)))),
  DELETE: staffOnly(async ({ params }) => {
    await deleteContact(idParam(params.id));
    return noContent();
  }),
});
export const loader = resource;
export const action = resource;
