import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as storiesScreen from "~/content/stories/routes/admin-stories";
import * as storiesPage from "~/content/stories/routes/stories";
import * as storyPage from "~/content/stories/routes/story";
import { withoutTable } from "../../../../tests/support/database-engine";
import { callRoute, expectLoggedError, unwrapData } from "../../../../tests/support/routes";
import { newStory, signedInStaff } from "../../../../tests/support/builders";

/**
 * The Stories pages and the staff screen through their loaders and actions: what a visitor
 * or a staff member would see, and what lands in the database.
 */
beforeEach(async () => {
  await getDb().deleteFrom("stories").execute();
});

describe("the Stories pages", () => {
  it("lead with at most two featured stories and never show an inactive one", async () => {
    const first = await newStory({ title: "Featured one", is_featured: 1 });
    await newStory({ title: "Featured two", is_featured: 1 });
    await newStory({ title: "Featured three", is_featured: 1 });
    await newStory({ title: "Plain" });
    const draft = await newStory({ title: "Draft", is_active: 0 });
    const data = (await callRoute(storiesPage.loader, "/stories?active_only=false")) as Awaited<
      ReturnType<typeof storiesPage.loader>
    >;
    expect(data.featured.map((story) => story.title)).toEqual(["Featured three", "Featured two"]);
    expect(data.others.map((story) => story.title).sort()).toEqual(["Featured one", "Plain"]);

    const story = (await callRoute(storyPage.loader, `/stories/${first}`, {
      params: { id: String(first) },
    })) as Awaited<ReturnType<typeof storyPage.loader>>;
    expect(story.story.title).toBe("Featured one");
    expect(story.share.url).toBe(`http://localhost:3000/stories/${first}`);
    for (const id of [String(draft), "999", "abc", "1e3", "-1"]) {
      const missing = await callRoute(storyPage.loader, `/stories/${id}`, { params: { id } });
      expect(unwrapData(missing).status, id).toBe(404);
    }
  });

  it("say so when stories cannot be loaded", async () => {
    await withoutTable("stories", async () => {
      expect(await callRoute(storiesPage.loader, "/stories")).toEqual({ featured: [], others: [], failed: true });
    });
    expectLoggedError(/Stories failed to load/);
  });
});

describe("the admin content screens", () => {
  it("create, edit (unticking a flag) and delete a story", async () => {
    const { context } = await signedInStaff();
    const form = {
      intent: "save",
      title: "New well",
      summary: "Clean water",
      content: "Dug in May.",
      video_url: "",
      image_filename: "",
      is_active: "on",
      is_featured: "on",
    };
    const created = (await callRoute(storiesScreen.action, "/admin/stories", { form, context })) as Response;
    expect(created.status).toBe(302);
    const id = Number(new URL(created.headers.get("Location")!, "http://x").searchParams.get("saved"));
    expect(
      await getDb()
        .selectFrom("stories")
        .select(["title", "is_active", "is_featured"])
        .where("id", "=", id)
        .executeTakeFirst(),
    ).toEqual({ title: "New well", is_active: 1, is_featured: 1 });

    const { is_featured: _unticked, ...edited } = form;
    expect(
      (
        (await callRoute(storiesScreen.action, "/admin/stories", {
          form: { ...edited, id: String(id), title: "New well, finished" },
          context,
        })) as Response
      ).status,
    ).toBe(302);
    expect(
      await getDb().selectFrom("stories").select(["title", "is_featured"]).where("id", "=", id).executeTakeFirst(),
    ).toEqual({ title: "New well, finished", is_featured: 0 });

    const screen = (await callRoute(storiesScreen.loader, `/admin/stories?delete=${id}`, { context })) as Awaited<
      ReturnType<typeof storiesScreen.loader>
    >;
    expect(screen.deleting?.title).toBe("New well, finished");
    expect(
      (
        (await callRoute(storiesScreen.action, "/admin/stories", {
          form: { intent: "delete", id: String(id) },
          context,
        })) as Response
      ).headers.get("Location"),
    ).toBe("/admin/stories?deleted=1");
    expect(await getDb().selectFrom("stories").select("id").execute()).toEqual([]);
    expect(
      unwrapData(
        await callRoute(storiesScreen.action, "/admin/stories", {
          form: { intent: "delete", id: String(id) },
          context,
        }),
      ),
    ).toMatchObject({ status: 404, data: { missing: true } });
  });
});
