import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as contactPage from "~/community/contacts/routes/contact";
import * as volunteerPage from "~/community/volunteers/routes/volunteer";
import * as contactsScreen from "~/community/contacts/routes/admin-contacts";
import * as contactsExport from "~/community/contacts/routes/admin-contacts-export";
import * as volunteersScreen from "~/community/volunteers/routes/admin-volunteers";
import * as volunteersExport from "~/community/volunteers/routes/admin-volunteers-export";
import * as newsletterScreen from "~/community/newsletter/routes/admin-newsletter";
import * as newsletterExport from "~/community/newsletter/routes/admin-newsletter-export";
import { whileWritesFail } from "../../../../tests/support/database-engine";
import { callRoute, expectLoggedError, unwrapData } from "../../../../tests/support/routes";

/** The contact and volunteer pages' actions, and the staff screens over what they collect. */
type ContactsData = Awaited<ReturnType<typeof contactsScreen.loader>>;
type VolunteersData = Awaited<ReturnType<typeof volunteersScreen.loader>>;
type Outcome = {
  sent: boolean;
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
};

let visitor = 0;
const fromNewAddress = () => `192.0.2.${(visitor += 1)}`;

beforeEach(async () => {
  for (const table of ["contact_submissions", "volunteer_signups", "newsletter_subscribers"] as const)
    await getDb().deleteFrom(table).execute();
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

describe("the volunteer page's form", () => {
  it("stores a signup and shows the thanks; a missing interest keeps what was typed", async () => {
    const sent = unwrapData(
      await callRoute(volunteerPage.action, "/volunteer", {
        form: { name: "Maryam", email: "maryam@example.org", interest: "Fundraising", "via-script": "1" },
        clientAddress: fromNewAddress(),
      }),
    ) as { data: Outcome };
    expect(sent.data.sent).toBe(true);
    const withoutScript = (await callRoute(volunteerPage.action, "/volunteer", {
      form: { name: "Bilal", email: "bilal@example.org", interest: "Other" },
      clientAddress: fromNewAddress(),
    })) as Response;
    expect(withoutScript.headers.get("Location")).toBe("/volunteer?submitted=1#signup-title");
    const refused = unwrapData(
      await callRoute(volunteerPage.action, "/volunteer", {
        form: { name: "Maryam", email: "maryam@example.org", interest: "" },
        clientAddress: fromNewAddress(),
      }),
    ) as { status: number; data: Outcome };
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ interest: ["Please choose an area of interest"] });
    expect(refused.data.result.initialValue).toMatchObject({ name: "Maryam", email: "maryam@example.org" });
    expect(await getDb().selectFrom("volunteer_signups").select(["name", "interest"]).orderBy("id").execute()).toEqual([
      { name: "Maryam", interest: "Fundraising" },
      { name: "Bilal", interest: "Other" },
    ]);
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
    const response = (await callRoute(contactsExport.loader, "/admin/contacts/export?status=pending")) as Response;
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

describe("the Volunteers screen", () => {
  async function addSignups(interests: string[]) {
    for (const [index, interest] of interests.entries()) {
      await getDb()
        .insertInto("volunteer_signups")
        .values({
          name: `Volunteer ${index}`,
          email: `v${index}@example.org`,
          interest,
          submitted_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
        })
        .execute();
    }
  }

  it("tells 'no signups yet' from 'no matching volunteers', and counts each interest", async () => {
    expect(((await callRoute(volunteersScreen.loader, "/admin/volunteers")) as VolunteersData).counts.total).toBe(0);
    await addSignups(["Fundraising", "Fundraising", "Other"]);
    const all = (await callRoute(volunteersScreen.loader, "/admin/volunteers")) as VolunteersData;
    expect(all.counts.total).toBe(3);
    expect(all.counts.by_interest).toMatchObject({ Fundraising: 2, Other: 1, "Food Distribution": 0 });
    const other = (await callRoute(volunteersScreen.loader, "/admin/volunteers?interest=Other")) as VolunteersData;
    expect(other.volunteers.map((volunteer) => volunteer.name)).toEqual(["Volunteer 2"]);
    const none = (await callRoute(volunteersScreen.loader, "/admin/volunteers?search=nobody")) as VolunteersData;
    expect(none.volunteers).toEqual([]);
    expect(none.counts.total).toBe(3);

    const csv = await (
      (await callRoute(volunteersExport.loader, "/admin/volunteers/export?interest=Fundraising")) as Response
    ).text();
    expect(
      csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\n"),
    ).toEqual([
      "ID,Name,Email,Interest,Date",
      expect.stringMatching(/^\d+,Volunteer 1,v1@example.org,Fundraising,2026-01-02T/),
      expect.stringMatching(/^\d+,Volunteer 0,v0@example.org,Fundraising,2026-01-01T/),
    ]);
  });
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
    const csv = await ((await callRoute(newsletterExport.loader, "/admin/newsletter/export")) as Response).text();
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
