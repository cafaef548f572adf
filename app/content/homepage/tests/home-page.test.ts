import { beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import * as homePage from "~/content/homepage/routes/home";
import { updateSetting } from "~/content/settings/server/settings.server";
import { withoutTable } from "../../../../tests/support/database-engine";
import { callRoute, expectLoggedError } from "../../../../tests/support/routes";
import { newEvent, newStory, newTestimonial } from "../../../../tests/support/builders";

/**
 * The home page through its loader: the stories, events and testimonials it shows, and how
 * it fails.
 */
const day = (offset: number) =>
  new Date(Date.parse(`${todayIn("UTC")}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  for (const table of ["stories", "events", "testimonials"] as const) await getDb().deleteFrom(table).execute();
});

describe("the home page", () => {
  type Home = { page: NonNullable<Awaited<ReturnType<typeof homePage.loader>>["page"]> };

  it("shows up to three featured stories, upcoming events and approved testimonials", async () => {
    for (const title of ["F1", "F2", "F3", "F4"]) await newStory({ title, is_featured: 1 });
    await newStory({ title: "Hidden featured", is_featured: 1, is_active: 0 });
    await newEvent("Yesterday", day(-1));
    await newEvent("Tomorrow", day(1));
    await newTestimonial("Approved", true);
    await newTestimonial("Waiting", false);
    await updateSetting("gallery_item_2", { value: "https://youtu.be/dQw4w9WgXcQ" });

    const { page } = (await callRoute(homePage.loader, "/")) as Home;
    expect(page.stories!.map((story) => story.title)).toHaveLength(3);
    expect(page.stories!.map((story) => story.title)).not.toContain("Hidden featured");
    expect(page.events!.map((event) => event.title)).toEqual(["Tomorrow"]);
    expect(page.testimonials!.map((testimonial) => testimonial.name)).toEqual(["Approved"]);
    expect(page.gallery).toEqual([
      {
        kind: "video",
        video: expect.objectContaining({
          kind: "youtube",
          embedUrl: expect.stringContaining("youtube-nocookie.com/embed/dQw4w9WgXcQ"),
        }),
      },
    ]);
  });

  it("hides only the section that failed to load, and logs it", async () => {
    await newEvent("Tomorrow", day(1));
    await updateSetting("meals_provided", { value: "31855" });
    await withoutTable("stories", async () => {
      const { page } = (await callRoute(homePage.loader, "/")) as Home;
      expect(page.stories).toBeNull();
      expect(page.events).toHaveLength(1);
      expect(page.figures).toMatchObject({ meals_provided: 31855 });
    });
    expectLoggedError(/Homepage featured stories failed to load/);
  });

  it("gives way to 'Unable to load homepage data' when the settings cannot be read", async () => {
    await withoutTable("settings", async () => {
      expect(await callRoute(homePage.loader, "/")).toEqual({ page: null });
    });
    expectLoggedError(/Homepage statistics or settings failed to load/);
  });
});
