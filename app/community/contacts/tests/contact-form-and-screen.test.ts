import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as contactPage from "~/community/contacts/routes/contact";
import * as contactsScreen from "~/community/contacts/routes/admin-contacts";
import * as contactsExport from "~/community/contacts/routes/admin-contacts-export";
import { whileWritesFail } from "../../../../tests/support/database-engine";
import { callRoute, expectLoggedError, unwrapData } from "../../../../tests/support/routes";
import { passwordJustGiven } from "../../../../tests/support/admins";

/** The contact page's action, and the staff screen over the messages it collects. */
type ContactsData = Awaited<ReturnType<typeof contactsScreen.loader>>;
type Outcome = {
  sent: boolean;
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
};

let visitor = 0;
const fromNewAddress = () => `192.0.2.${(visitor += 1)}`;

beforeEach(async () => {
  await getDb().deleteFrom("contact_submissions").execute();
});

async function addMessages(messages: { name: string; message?: string; resolved?: boolean }[]) {
  for (const [index, message] of messages.entries()) {
    await getDb()
      .insertInto("contact_submissions")
      .values({
        name: message.name,
        email: `${message.name.toLowerCase().replace(/\W+/g, ".")}@example.org`,
        message: message.message ?? "Salaam",
        resolved: message.resolved ? 1 : 0,
        submitted_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
      })
      .execute();
  }
}

const messageIds = async () =>
  (await getDb().selectFrom("contact_submissions").select("id").orderBy("id").execute()).map((row) => row.id);

/** A post from the page with its script running (the page adds the via-script field). */
async function sendContactForm(form: Record<string, string>, clientAddress = fromNewAddress()) {
  return unwrapData(
    await callRoute(contactPage.action, "/contact", { form: { ...form, "via-script": "1" }, clientAddress }),
  ) as { status: number; data: Outcome };
}

describe("the contact page's form", () => {
  it("stores a message and answers with an empty form", async () => {
    const { status, data } = await sendContactForm({ name: "Yusuf", email: "yusuf@example.org", message: "Salaam" });
    expect(status).toBe(200);
    expect(data.sent).toBe(true);
    // conform's reset: the page renders the form empty again.
    expect(data.result.initialValue).toBeNull();
    expect(await getDb().selectFrom("contact_submissions").select(["name", "resolved"]).execute()).toEqual([
      { name: "Yusuf", resolved: 0 },
    ]);
  });

  it("answers a post from a page without JavaScript with a redirect to the thanks, so a reload cannot send it twice", async () => {
    const answer = (await callRoute(contactPage.action, "/contact", {
      form: { name: "Yusuf", email: "yusuf@example.org", message: "Salaam" },
      clientAddress: fromNewAddress(),
    })) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/contact?sent=1#message-title");
    expect(await getDb().selectFrom("contact_submissions").select("name").execute()).toEqual([{ name: "Yusuf" }]);
    // A refused post still answers in place, with what was typed.
    const refused = unwrapData(
      await callRoute(contactPage.action, "/contact", {
        form: { name: "Yusuf", email: "x", message: "Kept" },
        clientAddress: fromNewAddress(),
      }),
    );
    expect(refused.status).toBe(400);
  });

  it("keeps what was typed beside the field errors", async () => {
    const { status, data } = await sendContactForm({ name: "Yusuf", email: "yusuf@", message: "My question" });
    expect(status).toBe(400);
    expect(data.sent).toBe(false);
    expect(data.result.error).toMatchObject({ email: ["Please enter a valid email address"] });
    expect(data.result.initialValue).toMatchObject({ name: "Yusuf", email: "yusuf@", message: "My question" });
  });

  it("thanks a bot for a filled honeypot and stores nothing", async () => {
    const { data } = await sendContactForm({
      name: "Bot",
      email: "bot@example.org",
      message: "Buy now",
      website: "https://spam.example",
    });
    expect(data.sent).toBe(true);
    expect(await getDb().selectFrom("contact_submissions").selectAll().execute()).toEqual([]);
  });

  it("says 'Error sending message. Please try again.' and keeps the text when storing fails, and why when the visitor is limited", async () => {
    await whileWritesFail("contact_submissions", "insert", "disk I/O error", async () => {
      const { status, data } = await sendContactForm({ name: "Yusuf", email: "yusuf@example.org", message: "Keep me" });
      expect(status).toBe(500);
      expect(data.result.error).toEqual({ "": ["Error sending message. Please try again."] });
      expect(data.result.initialValue).toMatchObject({ message: "Keep me" });
      expectLoggedError(/Contact message failed:.*disk I\/O error/);
    });
    expect(
      await getDb().selectFrom("contact_submissions").select("id").where("message", "=", "Keep me").execute(),
    ).toEqual([]);

    const address = fromNewAddress();
    for (let post = 0; post < 10; post += 1)
      await sendContactForm({ name: "Yusuf", email: "yusuf@example.org", message: "Again" }, address);
    const limited = await sendContactForm({ name: "Yusuf", email: "yusuf@example.org", message: "Once more" }, address);
    expect(limited.status).toBe(429);
    expect(limited.data.result.error?.[""]).toEqual([
      expect.stringMatching(/^Too many submissions from your connection/),
    ]);
    expect(limited.data.result.initialValue).toMatchObject({ message: "Once more" });
  });
});

describe("the Contacts screen", () => {
  it("counts, searches, filters by status and pages in SQL; a page past the end shows the last one", async () => {
    await addMessages([
      ...Array.from({ length: 27 }, (_, index) => ({ name: `Donor ${index}` })),
      { name: "Khadija", message: "About orphan sponsorship", resolved: true },
    ]);
    const first = (await callRoute(contactsScreen.loader, "/admin/contacts")) as ContactsData;
    expect(first.counts).toEqual({ total: 28, pending: 27, resolved: 1 });
    expect(first.contacts).toHaveLength(25);
    expect(first.contacts[0]!.name).toBe("Khadija");
    const last = (await callRoute(contactsScreen.loader, "/admin/contacts?page=9")) as ContactsData;
    expect(last.page).toBe(2);
    expect(last.contacts.map((contact) => contact.name)).toEqual(["Donor 2", "Donor 1", "Donor 0"]);

    const orphan = (await callRoute(contactsScreen.loader, "/admin/contacts?search=orphan")) as ContactsData;
    expect(orphan.contacts.map((contact) => contact.name)).toEqual(["Khadija"]);
    const resolved = (await callRoute(contactsScreen.loader, "/admin/contacts?status=resolved")) as ContactsData;
    expect(resolved.total).toBe(1);
    const pendingKhadija = (await callRoute(
      contactsScreen.loader,
      "/admin/contacts?status=pending&search=khadija",
    )) as ContactsData;
    expect(pendingKhadija.contacts).toEqual([]);
    const unknown = (await callRoute(contactsScreen.loader, "/admin/contacts?status=archived")) as ContactsData;
    expect(unknown.filterProblem).toMatch(/status must be one of all, pending, resolved/);
    expect(unknown.total).toBe(28);
  });

  it("resolves a message and returns to the same search, status and page", async () => {
    await addMessages([{ name: "Yusuf" }]);
    const [id] = await messageIds();
    const answer = (await callRoute(
      contactsScreen.action,
      "/admin/contacts?search=yus&status=pending&page=1&deleted=3",
      {
        form: { intent: "resolve", id: String(id) },
      },
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/admin/contacts?search=yus&status=pending&page=1&resolved_id=${id}`);
    expect(await getDb().selectFrom("contact_submissions").select("resolved").execute()).toEqual([{ resolved: 1 }]);

    // With JavaScript the post reaches the screen's data address; the way back is the screen.
    for (const dataPath of ["/admin/contacts.data", "/admin/contacts/_.data"]) {
      const fromScript = (await callRoute(contactsScreen.action, `${dataPath}?status=resolved`, {
        form: { intent: "resolve", id: String(id) },
      })) as Response;
      expect(fromScript.headers.get("Location")).toBe(`/admin/contacts?status=resolved&resolved_id=${id}`);
    }
  });

  it("asks before a bulk delete, stating the count, then deletes exactly the ticked rows", async () => {
    await addMessages([{ name: "One" }, { name: "Two" }, { name: "Three" }]);
    const [one, two, three] = await messageIds();
    const asking = (await callRoute(
      contactsScreen.loader,
      `/admin/contacts?select=${one}&select=${two}&select=junk`,
    )) as ContactsData;
    expect(asking.bulkSelection).toEqual([one, two]);
    const nothingTicked = (await callRoute(contactsScreen.loader, "/admin/contacts?select=")) as ContactsData;
    expect(nothingTicked.bulkSelection).toEqual([]);

    const answer = (await callRoute(contactsScreen.action, `/admin/contacts?select=${one}&select=${two}`, {
      form: { intent: "bulk-delete", ids: `${one},${two}` },
    })) as Response;
    expect(answer.headers.get("Location")).toBe("/admin/contacts?deleted=2");
    expect(await messageIds()).toEqual([three]);
  });

  it("deletes one message, and says so when it was already gone", async () => {
    await addMessages([{ name: "Yusuf" }]);
    const [id] = await messageIds();
    const deleted = (await callRoute(contactsScreen.action, `/admin/contacts?delete=${id}`, {
      form: { intent: "delete", id: String(id) },
    })) as Response;
    expect(deleted.headers.get("Location")).toBe("/admin/contacts?deleted=1");
    const again = (await callRoute(contactsScreen.action, `/admin/contacts?delete=${id}`, {
      form: { intent: "delete", id: String(id) },
    })) as Response;
    expect(again.headers.get("Location")).toBe("/admin/contacts?missing=1");
    expect(
      unwrapData(await callRoute(contactsScreen.action, "/admin/contacts", { form: { intent: "archive" } })).status,
    ).toBe(400);
  });

  it("exports the filtered messages as contacts.csv, quoted and safe from spreadsheet formulas", async () => {
    await addMessages([
      { name: "Yusuf", message: 'Line one, "quoted"\nline two' },
      { name: '=HYPERLINK("http://evil")', message: "=1+1" },
      { name: "Khadija", message: "Resolved already", resolved: true },
    ]);
    const response = (await callRoute(contactsExport.loader, "/admin/contacts/export?status=pending", {
      headers: await passwordJustGiven(),
    })) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="contacts.csv"');
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe("ID,Name,Email,Message,Date,Status");
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("'=1+1");
    expect(text).toContain('"Line one, ""quoted""\nline two"');
    expect(text).toContain(",Pending");
    expect(text).not.toContain("Khadija");
  });
});
