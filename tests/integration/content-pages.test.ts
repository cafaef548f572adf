import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import { adminContext } from "~/lib/request-context";
import * as eventsScreen from "~/content/events/routes/admin-events";
import * as storiesScreen from "~/content/stories/routes/admin-stories";
import * as testimonialsScreen from "~/content/testimonials/routes/admin-testimonials";
import * as calendarRoute from "~/content/events/routes/event-calendar";
import * as eventPage from "~/content/events/routes/event";
import * as eventsPage from "~/content/events/routes/events";
import * as homePage from "~/content/homepage/routes/home";
import * as storiesPage from "~/content/stories/routes/stories";
import * as storyPage from "~/content/stories/routes/story";
import * as testimonialsPage from "~/content/testimonials/routes/testimonials";
import { updateSetting } from "~/content/settings/server/settings.server";
import { createTestAdmin } from "../support/admins";
import { missingTablePattern } from "../support/database-engine";
import { callRoute, expectLoggedError, makeContext, unwrapData } from "../support/routes";

/**
 * The content area's pages and screens through their loaders and actions: what a visitor or a
 * staff member would see, and what lands in the database.
 */
const db = () => getDb();
const day = (offset: number) =>
  new Date(Date.parse(`${todayIn("UTC")}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

async function addStory(values: Partial<{ title: string; is_active: 0 | 1; is_featured: 0 | 1 }> = {}) {
  const { id } = await db()
    .insertInto("stories")
    .values({
      title: values.title ?? "A story",
      summary: "Summary",
      content: "First.\n\nSecond.",
      is_active: values.is_active ?? 1,
      is_featured: values.is_featured ?? 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function addEvent(title: string, date: string) {
  const { id } = await db()
    .insertInto("events")
    .values({ title, description: "Together", date, location: "Community hall" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function addTestimonial(name: string, approved: boolean) {
  const { id } = await db()
    .insertInto("testimonials")
    .values({ name, text: `${name} says thank you`, is_approved: approved ? 1 : 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Runs `during` while a table is missing, as if its query failed. */
async function withoutTable(table: string, during: () => Promise<void>) {
  await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${sql.table(`${table}_away`)}`.execute(db());
  try {
    await during();
  } finally {
    await sql`ALTER TABLE ${sql.table(`${table}_away`)} RENAME TO ${sql.table(table)}`.execute(db());
  }
}

function staffContext(admin: Awaited<ReturnType<typeof createTestAdmin>>["admin"]) {
  const context = makeContext();
  context.set(adminContext, admin);
  return context;
}

beforeEach(async () => {
  for (const table of ["stories", "events", "testimonials"] as const) await db().deleteFrom(table).execute();
});

describe("the home page", () => {
  type Home = { page: NonNullable<Awaited<ReturnType<typeof homePage.loader>>["page"]> };

  it("shows up to three featured stories, upcoming events and approved testimonials", async () => {
    for (const title of ["F1", "F2", "F3", "F4"]) await addStory({ title, is_featured: 1 });
    await addStory({ title: "Hidden featured", is_featured: 1, is_active: 0 });
    await addEvent("Yesterday", day(-1));
    await addEvent("Tomorrow", day(1));
    await addTestimonial("Approved", true);
    await addTestimonial("Waiting", false);
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
    await addEvent("Tomorrow", day(1));
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

describe("the Stories pages", () => {
  it("lead with at most two featured stories and never show an inactive one", async () => {
    const first = await addStory({ title: "Featured one", is_featured: 1 });
    await addStory({ title: "Featured two", is_featured: 1 });
    await addStory({ title: "Featured three", is_featured: 1 });
    await addStory({ title: "Plain" });
    const draft = await addStory({ title: "Draft", is_active: 0 });
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

describe("the Events pages", () => {
  it("split events into upcoming (today on) and past, each in its order", async () => {
    await addEvent("Last month", day(-30));
    await addEvent("Yesterday", day(-1));
    const tonight = await addEvent("Tonight", `${day(0)}T19:00`);
    await addEvent("Next week", day(7));
    const data = (await callRoute(eventsPage.loader, "/events")) as Awaited<ReturnType<typeof eventsPage.loader>>;
    expect(data.upcoming.map((event) => event.title)).toEqual(["Tonight", "Next week"]);
    expect(data.past.map((event) => event.title)).toEqual(["Yesterday", "Last month"]);

    const page = (await callRoute(eventPage.loader, `/events/${tonight}`, {
      params: { id: String(tonight) },
    })) as Awaited<ReturnType<typeof eventPage.loader>>;
    expect(page.timing).toBe("today");
    expect(unwrapData(await callRoute(eventPage.loader, "/events/999", { params: { id: "999" } })).status).toBe(404);
  });

  it("offer each event as a calendar file", async () => {
    const id = await addEvent("Iftar, together; all welcome", "2026-03-01T18:30");
    const response = (await callRoute(calendarRoute.loader, `/events/${id}/calendar.ics`, {
      params: { id: String(id) },
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="event-${id}.ics"`);
    const body = await response.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain("SUMMARY:Iftar\\, together\\; all welcome\r\n");
    expect(body).toContain("DTSTART:20260301T183000Z\r\n"); // SITE_TIMEZONE is UTC in tests
    expect(body).toContain(`URL:http://localhost:3000/events/${id}\r\n`);
    expect(
      unwrapData(await callRoute(calendarRoute.loader, "/events/999/calendar.ics", { params: { id: "999" } })).status,
    ).toBe(404);
  });
});

describe("the Testimonials page's form", () => {
  const SHARE = {
    name: "Amina",
    country: "Kenya",
    text: "The food parcels came on time.",
    rating: "4",
    website: "",
    "via-script": "1",
  };

  it("creates a pending testimonial, whatever approval the post claims", async () => {
    const result = await callRoute(testimonialsPage.action, "/testimonials", {
      form: { ...SHARE, is_approved: "true", category: "volunteer", image_filename: "https://evil.example/x.jpg" },
      clientAddress: "198.51.100.1",
    });
    expect(result).toEqual({ status: "sent" });
    const rows = await db().selectFrom("testimonials").selectAll().execute();
    expect(rows).toMatchObject([
      { name: "Amina", country: "Kenya", rating: 4, is_approved: 0, category: "donor", image_filename: "" },
    ]);
    const listed = (await callRoute(testimonialsPage.loader, "/testimonials")) as Awaited<
      ReturnType<typeof testimonialsPage.loader>
    >;
    expect(listed.testimonials).toEqual([]);
  });

  it("keeps what was typed when it is refused", async () => {
    const result = unwrapData(
      await callRoute(testimonialsPage.action, "/testimonials", {
        form: { ...SHARE, name: "", rating: "9" },
        clientAddress: "198.51.100.2",
      }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      status: "invalid",
      errors: { name: ["Your name is required"], rating: ["Rating must be a whole number from 1 to 5"] },
      values: { text: SHARE.text, country: "Kenya" },
    });
    expect(await db().selectFrom("testimonials").select("id").execute()).toEqual([]);
  });

  it("answers a filled honeypot as usual but stores nothing", async () => {
    expect(
      await callRoute(testimonialsPage.action, "/testimonials", {
        form: { ...SHARE, website: "http://spam.example" },
        clientAddress: "198.51.100.3",
      }),
    ).toEqual({ status: "sent" });
    expect(await db().selectFrom("testimonials").select("id").execute()).toEqual([]);
  });

  it("refuses an eleventh post from one address within ten minutes", async () => {
    for (let post = 0; post < 10; post += 1) {
      expect(
        await callRoute(testimonialsPage.action, "/testimonials", { form: SHARE, clientAddress: "198.51.100.4" }),
      ).toEqual({ status: "sent" });
    }
    const refused = unwrapData(
      await callRoute(testimonialsPage.action, "/testimonials", { form: SHARE, clientAddress: "198.51.100.4" }),
    );
    expect(refused).toMatchObject({
      status: 429,
      data: { errors: { "": ["Too many submissions from your connection. Please try again in a few minutes."] } },
    });
    expect(
      await callRoute(testimonialsPage.action, "/testimonials", { form: SHARE, clientAddress: "198.51.100.5" }),
    ).toEqual({ status: "sent" });
  });
});

describe("the admin content screens", () => {
  it("create, edit (unticking a flag) and delete a story", async () => {
    const { admin } = await createTestAdmin();
    const context = staffContext(admin);
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
      await db()
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
      await db().selectFrom("stories").select(["title", "is_featured"]).where("id", "=", id).executeTakeFirst(),
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
    expect(await db().selectFrom("stories").select("id").execute()).toEqual([]);
    expect(
      unwrapData(
        await callRoute(storiesScreen.action, "/admin/stories", {
          form: { intent: "delete", id: String(id) },
          context,
        }),
      ),
    ).toMatchObject({ status: 404, data: { missing: true } });
  });

  it("keep an event form's input and errors when it is refused", async () => {
    const result = unwrapData(
      await callRoute(eventsScreen.action, "/admin/events", {
        form: {
          intent: "save",
          title: "Iftar",
          description: "",
          date: "2026-02-30",
          location: "Hall",
          image: "ftp://x/a.jpg",
        },
      }),
    );
    expect(result.status).toBe(400);
    const reply = (result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(reply.error).toEqual({
      description: ["Description is required"],
      date: ["Please enter a real date as YYYY-MM-DD"],
      image: ["Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg)"],
    });
    expect(reply.initialValue).toMatchObject({ title: "Iftar", location: "Hall" });
  });

  it("show 'Error loading events: {error}' when events cannot be loaded", async () => {
    await withoutTable("events", async () => {
      const screen = (await callRoute(eventsScreen.loader, "/admin/events")) as Awaited<
        ReturnType<typeof eventsScreen.loader>
      >;
      expect(screen.loadError).toMatch(new RegExp(`^Error loading events: .*${missingTablePattern("events").source}`));
    });
    expectLoggedError(/Admin events failed to load/);
  });

  it("refuse crafted posts without a 500 or a stray new row", async () => {
    const form = { intent: "save", title: "T", summary: "S", content: "C" };
    for (const id of ["abc", "-3", "1.5", "1e3"]) {
      expect(
        unwrapData(await callRoute(storiesScreen.action, "/admin/stories", { form: { ...form, id } })),
        id,
      ).toMatchObject({ status: 404, data: { missing: true } });
    }
    for (const intent of ["__proto__", "hasOwnProperty", "constructor", "publish"]) {
      expect(
        unwrapData(
          await callRoute(testimonialsScreen.action, "/admin/testimonials", { form: { intent, name: "N", text: "T" } }),
        ).status,
        intent,
      ).toBe(400);
    }
    expect(await db().selectFrom("stories").select("id").execute()).toEqual([]);
    expect(await db().selectFrom("testimonials").select("id").execute()).toEqual([]);
  });

  it("page the pending testimonials as well as the approved ones", async () => {
    for (let index = 0; index < 30; index += 1) await addTestimonial(`Visitor ${index}`, false);
    const first = (await callRoute(testimonialsScreen.loader, "/admin/testimonials")) as Awaited<
      ReturnType<typeof testimonialsScreen.loader>
    >;
    expect(first).toMatchObject({ pendingTotal: 30, pendingPage: 1 });
    expect(first.pending).toHaveLength(25);
    const second = (await callRoute(testimonialsScreen.loader, "/admin/testimonials?pending_page=2")) as Awaited<
      ReturnType<typeof testimonialsScreen.loader>
    >;
    expect(second.pending.map((testimonial) => testimonial.name)).toEqual([
      "Visitor 4",
      "Visitor 3",
      "Visitor 2",
      "Visitor 1",
      "Visitor 0",
    ]);
    const beyond = (await callRoute(testimonialsScreen.loader, "/admin/testimonials?pending_page=9")) as Awaited<
      ReturnType<typeof testimonialsScreen.loader>
    >;
    expect(beyond).toMatchObject({ pendingPage: 2 });
    expect(beyond.pending).toHaveLength(5);
  });

  it("approve a pending testimonial with its button or by ticking Approved", async () => {
    const first = await addTestimonial("First", false);
    const second = await addTestimonial("Second", false);
    const approve = (await callRoute(testimonialsScreen.action, "/admin/testimonials", {
      form: { intent: "approve", id: String(first) },
    })) as Response;
    expect(approve.headers.get("Location")).toBe("/admin/testimonials?approved=1");
    const edit = {
      intent: "save",
      id: String(second),
      name: "Second",
      country: "",
      text: "Thanks",
      rating: "5",
      category: "donor",
      video_url: "",
      image_filename: "",
      is_approved: "on",
    };
    expect(
      ((await callRoute(testimonialsScreen.action, "/admin/testimonials", { form: edit })) as Response).status,
    ).toBe(302);
    const screen = (await callRoute(testimonialsScreen.loader, "/admin/testimonials")) as Awaited<
      ReturnType<typeof testimonialsScreen.loader>
    >;
    expect(screen.pending).toEqual([]);
    expect(screen.approved.map((testimonial) => testimonial.name).sort()).toEqual(["First", "Second"]);
    expect(screen.approvedTotal).toBe(2);
  });
});
