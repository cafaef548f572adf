import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { runAsActor, type RequestActor } from "~/lib/request-actor.server";
import { createStory, deleteStory, updateStory } from "~/content/stories/server/stories.server";
import { approveTestimonial, createTestimonial } from "~/content/testimonials/server/testimonials.server";
import { updateSetting } from "~/content/settings/server/settings.server";
import { deleteContact } from "~/community/contacts/server/contacts.server";
import { addFund, changeFund } from "~/funds/funds/server/funds.server";
import { signInAdmin } from "~/staff/accounts/server/admins.server";
import * as contactsExport from "~/community/contacts/routes/admin-contacts-export";
import { createTestAdmin, passwordJustGiven } from "../../../../tests/support/admins";
import { callRoute, makeRequest } from "../../../../tests/support/routes";
import * as login from "~/staff/sign-in/routes/admin-login";

/** The staff writes of other slices, recorded in the trail as they happen: who, what, and what changed. */

const AMINA: RequestActor = { id: null, name: "Amina Yusuf", address: "198.51.100.7", userAgent: "Firefox/140" };

async function entriesFor(entity: string, entityId: string | number) {
  const rows = await getDb()
    .selectFrom("audit_entries")
    .selectAll()
    .where("entity", "=", entity)
    .where("entity_id", "=", String(entityId))
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as Record<string, [unknown, unknown]> }));
}

describe("the staff writes in the trail", () => {
  it("records a story's creation, each change with its fields before and after, and its deletion, as the person", async () => {
    const { admin } = await createTestAdmin();
    const as = { ...AMINA, id: admin.id };
    const story = await runAsActor(as, () =>
      createStory({ title: "Winter", summary: "Blankets", content: "Families kept warm" }),
    );
    await runAsActor(as, () => updateStory(story.id, { title: "Winter appeal", is_featured: true }));
    await runAsActor(as, () => deleteStory(story.id));
    const entries = await entriesFor("story", story.id);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "update", "delete"]);
    expect(entries[0]).toMatchObject({ actor_id: admin.id, actor_name: "Amina Yusuf", summary: "Story: Winter" });
    expect(entries[0]!.changes.title).toEqual([null, "Winter"]);
    expect(entries[1]!.changes).toEqual({ title: ["Winter", "Winter appeal"], is_featured: [false, true] });
    expect(entries[1]).toMatchObject({ address: "198.51.100.7", user_agent: "Firefox/140" });
    expect(entries[2]!.changes.title).toEqual(["Winter appeal", null]);
  });

  it("records a testimonial's approval and a setting's change", async () => {
    const testimonial = await runAsActor(AMINA, () => createTestimonial({ name: "Yusuf", text: "Thank you" }));
    await runAsActor(AMINA, () => approveTestimonial(testimonial.id));
    const approval = (await entriesFor("testimonial", testimonial.id)).at(-1)!;
    expect(approval).toMatchObject({ action: "approve", actor_name: "Amina Yusuf" });
    expect(approval.changes).toEqual({ is_approved: [false, true] });

    await runAsActor(AMINA, () => updateSetting("meals_provided", { value: "1200" }));
    const setting = (await entriesFor("setting", "meals_provided")).at(-1)!;
    expect(setting).toMatchObject({ action: "update", summary: "Setting: meals_provided" });
    expect(setting.changes.value).toEqual(["0", "1200"]);
  });

  it("records a fund's creation and archiving in the same transaction", async () => {
    const fund = await runAsActor(AMINA, () => addFund({ name: "Well building", description: "Wells in Somalia" }));
    await runAsActor(AMINA, () => changeFund(fund.id, { archived: true }));
    const entries = await entriesFor("fund", fund.id);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "archive"]);
    expect(entries[1]!.changes.archived_at![0]).toBeNull();
    expect(typeof entries[1]!.changes.archived_at![1]).toBe("string");
  });

  it("keeps who deleted a contact message, never the message or the address", async () => {
    const { id } = await getDb()
      .insertInto("contact_submissions")
      .values({ name: "Hana", email: "hana@example.org", message: "Please call me on 0123" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await runAsActor(AMINA, () => deleteContact(Number(id)));
    const [entry] = await entriesFor("contact", Number(id));
    expect(entry).toMatchObject({ action: "delete", summary: "Contact message from Hana" });
    expect(JSON.stringify(entry)).not.toMatch(/hana@example.org|0123/);
  });

  it("records an export of personal data with its filter", async () => {
    const headers = await passwordJustGiven();
    const response = (await runAsActor(AMINA, () =>
      contactsExport.loader({
        request: makeRequest("/admin/contacts/export", { headers }),
        url: new URL("http://x/admin/contacts/export?status=pending"),
      } as never),
    )) as Response;
    await response.text();
    const entry = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("action", "=", "export")
      .where("entity", "=", "contact")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_name: "Amina Yusuf", summary: "contacts.csv (status=pending)" });
  });

  it("records a sign-in when it is granted, and a failed one with the account's name, never a password", async () => {
    const { admin, password } = await createTestAdmin();
    const signedIn = (await callRoute(login.action, "/admin/login", {
      form: { username: admin.username, password, redirectTo: "/admin" },
      clientAddress: "192.0.2.44",
    })) as Response;
    expect(signedIn.headers.get("Location")).toBe("/admin");
    await expect(signInAdmin(admin.username, "wrong-horse-battery", "192.0.2.45")).rejects.toThrow();
    await expect(signInAdmin("ghost", "another-guess", "192.0.2.46")).rejects.toThrow();
    // A password typed into the username field, for no account: the trail keeps neither.
    await expect(signInAdmin("Tr0ub4dor&3-horse", "", "192.0.2.47")).rejects.toThrow();
    // A password checked and accepted grants nothing by itself: no sign-in is written for it.
    await signInAdmin(admin.username, password, "192.0.2.48");
    const entries = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("entity", "=", "staff")
      .where("action", "in", ["sign-in", "sign-in-failed"])
      .where("address", "in", ["192.0.2.44", "192.0.2.45", "192.0.2.46", "192.0.2.47", "192.0.2.48"])
      .orderBy("id")
      .execute();
    expect(
      entries.map(({ action, actor_id, entity_id, summary, address }) => ({
        action,
        actor_id,
        entity_id,
        summary,
        address,
      })),
    ).toEqual([
      {
        action: "sign-in",
        actor_id: admin.id,
        entity_id: String(admin.id),
        summary: `${admin.username} signed in with the password`,
        address: "192.0.2.44",
      },
      {
        action: "sign-in-failed",
        actor_id: null,
        entity_id: String(admin.id),
        summary: admin.username,
        address: "192.0.2.45",
      },
      { action: "sign-in-failed", actor_id: null, entity_id: "", summary: "unknown username", address: "192.0.2.46" },
      { action: "sign-in-failed", actor_id: null, entity_id: "", summary: "unknown username", address: "192.0.2.47" },
    ]);
    const everything = JSON.stringify(await getDb().selectFrom("audit_entries").selectAll().execute());
    expect(everything).not.toContain(password);
    expect(everything).not.toContain("wrong-horse-battery");
    expect(everything).not.toContain("Tr0ub4dor");
  }, 20_000);
});
