import type { Route } from "./+types/api-testimonial";
import { apiResource, idParam, json, noContent, readJsonBody } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { deleteTestimonial, updateTestimonial } from "../server/testimonials.server";

/** PUT and DELETE /api/testimonials/{id} (admin). */
const resource = apiResource<Route.ActionArgs>({
  PUT: staffOnly(async ({ request, params }) =>
    json(await updateTestimonial(idParam(params.id), await readJsonBody(request))),
  ),
  DELETE: staffOnly(async ({ params }) => {
    await deleteTestimonial(idParam(params.id));
    return noContent();
  }),
});
export const loader = resource;
export const action = resource;
