import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as storiesScreen from "~/content/stories/routes/admin-stories";
import * as testimonialsScreen from "~/content/testimonials/routes/admin-testimonials";
import { callRoute, unwrapData } from "../support/routes";

/**
 * The content area's staff screens against posts no form of theirs would send.
 */
beforeEach(async () => {
  for (const table of ["stories", "events", "testimonials"] as const) await getDb().deleteFrom(table).execute();
});

describe("the admin content screens", () => {
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
    expect(await getDb().selectFrom("stories").select("id").execute()).toEqual([]);
    expect(await getDb().selectFrom("testimonials").select("id").execute()).toEqual([]);
  });
});
