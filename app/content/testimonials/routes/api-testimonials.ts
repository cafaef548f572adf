import type { Route } from "./+types/api-testimonials";
import { apiResource, json, queryFlag, queryPage, readJsonBody, sameForEveryVisitor } from "~/lib/api.server";
import { readerOf } from "~/staff/access/index.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { createTestimonial, listTestimonials } from "../server/testimonials.server";

/**
 * GET /api/testimonials/?approved_only= : newest first; without an admin, approved ones
 * only whatever the flag says. POST /api/testimonials/ (admin): creates one.
 */
const resource = apiResource<Route.ActionArgs>({
  GET: sameForEveryVisitor(async ({ request }) => {
    const url = new URL(request.url);
    return json(
      await listTestimonials(
        { approvedOnly: queryFlag(url, "approved_only"), ...queryPage(url) },
        await readerOf(request, "/api/testimonials"),
      ),
    );
  }),
  POST: staffOnly(async ({ request }) => json(await createTestimonial(await readJsonBody(request)), 201)),
});
export const loader = resource;
export const action = resource;
