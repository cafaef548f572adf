import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as testimonialsApi from "~/content/testimonials/routes/api-testimonials";
import * as testimonialApi from "~/content/testimonials/routes/api-testimonial";
import * as approveApi from "~/content/testimonials/routes/api-testimonial-approve";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";

/** The testimonial endpoints: their snake_case field names, what the public may see, and who may write. */
let auth: Record<string, string>;
beforeAll(async () => {
  auth = (await createTestAdmin()).auth;
});
beforeEach(async () => {
  await getDb().deleteFrom("testimonials").execute();
});

describe("testimonials", () => {
  const TESTIMONIAL = {
    name: "Fatima",
    country: "Kenya",
    text: "They cared for us.",
    rating: 5,
    video_url: "",
    category: "recipient",
    is_approved: false,
    image_filename: "",
  };

  it("show the public approved ones only; an admin sees all and approves", async () => {
    const pending = await callApi(testimonialsApi.action, "/api/testimonials/", { body: TESTIMONIAL, headers: auth });
    expect(pending.status).toBe(201);
    expect(pending.body).toEqual({
      id: expect.any(Number),
      ...TESTIMONIAL,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    await callApi(testimonialsApi.action, "/api/testimonials/", {
      body: { ...TESTIMONIAL, name: "Omar", is_approved: true },
      headers: auth,
    });

    const publicList = await callApi(testimonialsApi.loader, "/api/testimonials/?approved_only=false");
    expect(publicList.body.map((t: { name: string }) => t.name)).toEqual(["Omar"]);
    const staffList = await callApi(testimonialsApi.loader, "/api/testimonials/?approved_only=false", {
      headers: auth,
    });
    expect(staffList.body).toHaveLength(2);
    const approvedOnly = await callApi(testimonialsApi.loader, "/api/testimonials/?approved_only=true", {
      headers: auth,
    });
    expect(approvedOnly.body.map((t: { name: string }) => t.name)).toEqual(["Omar"]);

    const id = String(pending.body.id);
    // The spec's client sends PATCH .../approve with no body and no Content-Type.
    expect(
      (await callApi(approveApi.action, `/api/testimonials/${id}/approve`, { method: "PATCH", params: { id } })).status,
    ).toBe(401);
    const approved = await callApi(approveApi.action, `/api/testimonials/${id}/approve`, {
      method: "PATCH",
      headers: auth,
      params: { id },
    });
    expect(approved.body).toMatchObject({ id: pending.body.id, is_approved: true });
    expect((await callApi(testimonialsApi.loader, "/api/testimonials/")).body).toHaveLength(2);
  });

  it("are updated and deleted by an admin, with ratings and categories checked", async () => {
    const created = await callApi(testimonialsApi.action, "/api/testimonials/", { body: TESTIMONIAL, headers: auth });
    const id = String(created.body.id);
    const invalid = await callApi(testimonialApi.action, `/api/testimonials/${id}`, {
      method: "PUT",
      body: { ...TESTIMONIAL, rating: 0, category: "vip" },
      headers: auth,
      params: { id },
    });
    expect(invalid.body.errors).toEqual({
      rating: ["Rating must be a whole number from 1 to 5"],
      category: ["Choose donor, recipient, volunteer or other"],
    });
    const updated = await callApi(testimonialApi.action, `/api/testimonials/${id}`, {
      method: "PUT",
      body: { ...TESTIMONIAL, rating: 4 },
      headers: auth,
      params: { id },
    });
    expect(updated.body.rating).toBe(4);
    expect(
      (
        await callApi(testimonialApi.action, `/api/testimonials/${id}`, {
          method: "DELETE",
          headers: auth,
          params: { id },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await callApi(approveApi.action, `/api/testimonials/${id}/approve`, {
          method: "PATCH",
          headers: auth,
          params: { id },
        })
      ).status,
    ).toBe(404);
    expect((await callApi(testimonialsApi.action, "/api/testimonials/", { body: TESTIMONIAL })).status).toBe(401);
  });
});
