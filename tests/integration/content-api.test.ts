import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { PHOTO_URL_ERROR } from "~/content/media/rules/media-urls";
import { getDb } from "~/lib/db.server";
import * as storiesApi from "~/content/stories/routes/api-stories";
import * as storyApi from "~/content/stories/routes/api-story";
import * as eventsApi from "~/content/events/routes/api-events";
import * as eventApi from "~/content/events/routes/api-event";
import * as testimonialsApi from "~/content/testimonials/routes/api-testimonials";
import * as testimonialApi from "~/content/testimonials/routes/api-testimonial";
import * as approveApi from "~/content/testimonials/routes/api-testimonial-approve";
import { createTestAdmin } from "../support/admins";
import { callApi } from "../support/routes";

/** The content endpoints: their snake_case field names, what the public may see, and who may write. */
let auth: Record<string, string>;
beforeAll(async () => {
  auth = (await createTestAdmin()).auth;
});
beforeEach(async () => {
  const db = getDb();
  for (const table of ["stories", "events", "testimonials"] as const) await db.deleteFrom(table).execute();
});

const STORY = {
  title: "A well for Al-Noor",
  summary: "300 families",
  content: "Para one.\n\nPara two.",
  is_active: true,
  is_featured: true,
  video_url: "",
  image_filename: "",
};

describe("stories", () => {
  it("are created, read, updated and deleted by an admin, in the API's field names", async () => {
    const created = await callApi(storiesApi.action, "/api/stories/", { body: STORY, headers: auth });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      ...STORY,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.id;
    const updated = await callApi(storyApi.action, `/api/stories/${id}`, {
      method: "PUT",
      body: { ...STORY, title: "Renamed", is_active: false },
      headers: auth,
      params: { id: String(id) },
    });
    expect(updated.body).toMatchObject({ id, title: "Renamed", is_active: false });
    const read = await callApi(storyApi.loader, `/api/stories/${id}`, { headers: auth, params: { id: String(id) } });
    expect(read.body.title).toBe("Renamed");
    const removed = await callApi(storyApi.action, `/api/stories/${id}`, {
      method: "DELETE",
      headers: auth,
      params: { id: String(id) },
    });
    expect(removed.status).toBe(204);
    expect(
      (await callApi(storyApi.loader, `/api/stories/${id}`, { headers: auth, params: { id: String(id) } })).status,
    ).toBe(404);
  });

  it("never shows the public an inactive story, whatever the query", async () => {
    const active = await callApi(storiesApi.action, "/api/stories/", { body: STORY, headers: auth });
    const hidden = await callApi(storiesApi.action, "/api/stories/", {
      body: { ...STORY, title: "Draft", is_active: false },
      headers: auth,
    });
    const list = await callApi(storiesApi.loader, "/api/stories/?active_only=false&featured_only=false");
    expect(list.body.map((story: { id: number }) => story.id)).toEqual([active.body.id]);
    // A stale or wrong token is ignored: the caller is simply the public.
    const stale = await callApi(storiesApi.loader, "/api/stories/", { headers: { Authorization: "Bearer stale" } });
    expect(stale.body).toHaveLength(1);
    const one = await callApi(storyApi.loader, `/api/stories/${hidden.body.id}`, {
      params: { id: String(hidden.body.id) },
    });
    expect(one).toMatchObject({ status: 404, body: { detail: "Story not found" } });
    const staff = await callApi(storyApi.loader, `/api/stories/${hidden.body.id}`, {
      params: { id: String(hidden.body.id) },
      headers: auth,
    });
    expect(staff.body.title).toBe("Draft");
  });

  it("keep what a PUT leaves out, so a partial update never publishes a draft", async () => {
    const draft = await callApi(storiesApi.action, "/api/stories/", {
      body: { ...STORY, is_active: false },
      headers: auth,
    });
    const id = draft.body.id;
    const renamed = await callApi(storyApi.action, `/api/stories/${id}`, {
      method: "PUT",
      body: { title: "Renamed draft" },
      headers: auth,
      params: { id: String(id) },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      title: "Renamed draft",
      is_active: false,
      is_featured: true,
      summary: STORY.summary,
    });
    const cleared = await callApi(storyApi.action, `/api/stories/${id}`, {
      method: "PUT",
      body: { title: "" },
      headers: auth,
      params: { id: String(id) },
    });
    expect(cleared).toMatchObject({ status: 422, body: { errors: { title: ["Title is required"] } } });
  });

  it("refuse anonymous writes, invalid bodies and unknown ids", async () => {
    expect((await callApi(storiesApi.action, "/api/stories/", { body: STORY })).status).toBe(401);
    expect(
      (await callApi(storyApi.action, "/api/stories/1", { method: "PUT", body: STORY, params: { id: "1" } })).status,
    ).toBe(401);
    expect((await callApi(storyApi.action, "/api/stories/1", { method: "DELETE", params: { id: "1" } })).status).toBe(
      401,
    );
    const invalid = await callApi(storiesApi.action, "/api/stories/", {
      body: { ...STORY, title: "", image_filename: "https://example.org/not-a-photo" },
      headers: auth,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ title: ["Title is required"], image_filename: [PHOTO_URL_ERROR] });
    expect(
      (
        await callApi(storyApi.action, "/api/stories/999", {
          method: "PUT",
          body: STORY,
          headers: auth,
          params: { id: "999" },
        })
      ).status,
    ).toBe(404);
    expect((await callApi(storyApi.loader, "/api/stories/abc", { params: { id: "abc" } })).status).toBe(404);
  });
});

describe("events", () => {
  const today = () => todayIn("UTC");
  const day = (offset: number) =>
    new Date(Date.parse(`${today()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const EVENT = { title: "Iftar", description: "Dinner", location: "Hall", image: "" };

  it("list past and upcoming soonest first, or only today and later with upcoming_only", async () => {
    for (const [title, date] of [
      ["Past", day(-3)],
      ["Tonight", `${today()}T19:00`],
      ["Next week", day(7)],
    ] as const) {
      expect(
        (await callApi(eventsApi.action, "/api/events/", { body: { ...EVENT, title, date }, headers: auth })).status,
      ).toBe(201);
    }
    const all = await callApi(eventsApi.loader, "/api/events/?upcoming_only=false");
    expect(all.body.map((event: { title: string }) => event.title)).toEqual(["Past", "Tonight", "Next week"]);
    expect(all.body[1]).toEqual({
      id: expect.any(Number),
      ...EVENT,
      title: "Tonight",
      date: `${today()}T19:00`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const upcoming = await callApi(eventsApi.loader, "/api/events/?upcoming_only=true");
    expect(upcoming.body.map((event: { title: string }) => event.title)).toEqual(["Tonight", "Next week"]);
  });

  it("are read one at a time, updated and deleted, and refuse bad dates and photos", async () => {
    const created = await callApi(eventsApi.action, "/api/events/", {
      body: { ...EVENT, date: day(2) },
      headers: auth,
    });
    const id = String(created.body.id);
    expect((await callApi(eventApi.loader, `/api/events/${id}`, { params: { id } })).body.title).toBe("Iftar");
    const updated = await callApi(eventApi.action, `/api/events/${id}`, {
      method: "PUT",
      body: { ...EVENT, date: day(3), location: "Mosque" },
      headers: auth,
      params: { id },
    });
    expect(updated.body).toMatchObject({ location: "Mosque", date: day(3) });
    const invalid = await callApi(eventsApi.action, "/api/events/", {
      body: { ...EVENT, date: "2026-13-01", image: "ftp://x.org/a.jpg" },
      headers: auth,
    });
    expect(invalid).toMatchObject({
      status: 422,
      body: { errors: { date: ["Please enter a real date as YYYY-MM-DD"], image: [PHOTO_URL_ERROR] } },
    });
    expect((await callApi(eventApi.action, `/api/events/${id}`, { method: "DELETE", params: { id } })).status).toBe(
      401,
    );
    expect(
      (await callApi(eventApi.action, `/api/events/${id}`, { method: "DELETE", headers: auth, params: { id } })).status,
    ).toBe(204);
    expect((await callApi(eventApi.loader, `/api/events/${id}`, { params: { id } })).status).toBe(404);
  });
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
