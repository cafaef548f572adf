import type { Route } from "./+types/api-testimonial-approve";
import { apiResource, idParam, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { approveTestimonial } from "../server/testimonials.server";

/** PATCH /api/testimonials/{id}/approve (admin, no body). */
const resource = apiResource<Route.ActionArgs>({
  PATCH: staffOnly(async ({ params }) => json(await approveTestimonial(idParam(params.id)))),
});
export const loader = resource;
export const action = resource;
