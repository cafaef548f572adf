import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PHOTO_URL_ERROR } from "~/content/media/rules/media-urls";
import { getDb } from "~/lib/db.server";
import * as storiesApi from "~/content/stories/routes/api-stories";
import * as storyApi from "~/content/stories/routes/api-story";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";

/** The story endpoints: their snake_case field names, what the public may see, and who may write. */
let auth: Record<string, string>;
beforeAll(async () => {
  auth = (await createTestAdmin()).auth;
});
beforeEach(async () => {
  await getDb().deleteFrom("stories").execute();
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

  it("show drafts to the staff who write them (an editor) but not to staff of other roles", async () => {
    await callApi(storiesApi.action, "/api/stories/", { body: STORY, headers: auth });
    const hidden = await callApi(storiesApi.action, "/api/stories/", {
      body: { ...STORY, title: "Draft", is_active: false },
      headers: auth,
    });
    const titlesFor = async (headers: Record<string, string>) =>
      (await callApi(storiesApi.loader, "/api/stories/", { headers })).body.map(
        (story: { title: string }) => story.title,
      );
    const editor = (await createTestAdmin("a-strong-password", ["editor"])).auth;
    expect(await titlesFor(editor)).toContain("Draft");
    for (const roles of [["finance"], ["caseworker"], ["community"]] as const) {
      const other = (await createTestAdmin("a-strong-password", [...roles])).auth;
      expect(await titlesFor(other), roles[0]).toEqual([STORY.title]);
      const one = await callApi(storyApi.loader, `/api/stories/${hidden.body.id}`, {
        params: { id: String(hidden.body.id) },
        headers: other,
      });
      expect(one.status, roles[0]).toBe(404);
    }
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
