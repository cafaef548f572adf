import type { Route } from "./+types/api-contact-resolve";
import { apiResource, idParam, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { resolveContact } from "../server/contacts.server";

/** PATCH /api/contact/{id}/resolve (admin, no body): the message is marked resolved. */
const resource = apiResource<Route.ActionArgs>({
  PATCH: staffOnly(async ({ params }) => json(await resolveContact(idParam(params.id)))),
});
export const loader = resource;
export const action = resource;
