import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as testimonialsScreen from "~/content/testimonials/routes/admin-testimonials";
import * as testimonialsPage from "~/content/testimonials/routes/testimonials";
import { callRoute, unwrapData } from "../../../../tests/support/routes";
import { newTestimonial } from "../../../../tests/support/builders";

/**
 * The Testimonials page's form and the staff screen through their actions and loaders:
 * what a visitor or a staff member would see, and what lands in the database.
 */
beforeEach(async () => {
  await getDb().deleteFrom("testimonials").execute();
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
    const rows = await getDb().selectFrom("testimonials").selectAll().execute();
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
    expect(await getDb().selectFrom("testimonials").select("id").execute()).toEqual([]);
  });

  it("answers a filled honeypot as usual but stores nothing", async () => {
    expect(
      await callRoute(testimonialsPage.action, "/testimonials", {
        form: { ...SHARE, website: "http://spam.example" },
        clientAddress: "198.51.100.3",
      }),
    ).toEqual({ status: "sent" });
    expect(await getDb().selectFrom("testimonials").select("id").execute()).toEqual([]);
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
  it("page the pending testimonials as well as the approved ones", async () => {
    for (let index = 0; index < 30; index += 1) await newTestimonial(`Visitor ${index}`, false);
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
    const first = await newTestimonial("First", false);
    const second = await newTestimonial("Second", false);
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
