import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as newsletterScreen from "~/community/newsletter/routes/admin-newsletter";
import * as newsletterExport from "~/community/newsletter/routes/admin-newsletter-export";
import { callRoute } from "../../../../tests/support/routes";
import { passwordJustGiven } from "../../../../tests/support/admins";

/** The staff screen over the newsletter's addresses, and its export. */
beforeEach(async () => {
  await getDb().deleteFrom("newsletter_subscribers").execute();
});

describe("the Newsletter screen", () => {
  it("lists, searches, exports and removes addresses", async () => {
    for (const email of ["amina@example.org", "bilal@mail.example"])
      await getDb().insertInto("newsletter_subscribers").values({ email }).execute();
    const found = (await callRoute(newsletterScreen.loader, "/admin/newsletter?search=mail.ex")) as Awaited<
      ReturnType<typeof newsletterScreen.loader>
    >;
    expect(found.subscribers.map((subscriber) => subscriber.email)).toEqual(["bilal@mail.example"]);
    expect(found.total).toBe(2);
    const csv = await (
      (await callRoute(newsletterExport.loader, "/admin/newsletter/export", {
        headers: await passwordJustGiven(),
      })) as Response
    ).text();
    expect(csv).toContain("ID,Email,Subscribed");
    expect(csv).toContain("amina@example.org");

    const id = found.subscribers[0]!.id;
    const removed = (await callRoute(newsletterScreen.action, "/admin/newsletter?search=mail.ex&remove=1", {
      form: { intent: "remove", id: String(id) },
    })) as Response;
    expect(removed.headers.get("Location")).toBe("/admin/newsletter?search=mail.ex&removed=1");
    expect(await getDb().selectFrom("newsletter_subscribers").select("email").execute()).toEqual([
      { email: "amina@example.org" },
    ]);
  });
});
