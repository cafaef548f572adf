import type { Route } from "./+types/testimonial";
import { apiResource, idParam, json, readJsonBody } from "~/lib/api.server";
import { requireAdminApi } from "~/services/staff";
import { deleteTestimonial, updateTestimonial } from "~/services/content";

/** PUT and DELETE /api/testimonials/{id} (admin). */
const resource = apiResource<Route.ActionArgs>({
  PUT: async ({ request, params }) => {
    await requireAdminApi(request);
    return json(await updateTestimonial(idParam(params.id), await readJsonBody(request)));
  },
  DELETE: async ({ request, params }) => {
    await requireAdminApi(request);
    await deleteTestimonial(idParam(params.id));
    return new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
