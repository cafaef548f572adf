import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as contactsApi from "~/community/contacts/routes/api-contacts";
import * as contactApi from "~/community/contacts/routes/api-contact";
import * as resolveApi from "~/community/contacts/routes/api-contact-resolve";
import * as volunteersApi from "~/community/volunteers/routes/api-volunteers";
import * as dashboardApi from "~/staff/dashboard/routes/api-admin-dashboard";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";

/** The contact endpoints: who may call them, what they answer, and the public forms' guards. */
let auth: Record<string, string>;
let visitor = 0;
/** Each test posts from its own address, so the per-address limit of one never reaches another. */
const fromNewAddress = () => `198.51.100.${(visitor += 1)}`;

beforeAll(async () => {
  auth = (await createTestAdmin()).auth;
});
beforeEach(async () => {
  await getDb().deleteFrom("contact_submissions").execute();
  await getDb().deleteFrom("volunteer_signups").execute();
});

const MESSAGE = { name: "Yusuf Ali", email: "yusuf@example.org", message: "How do I give Zakat al-Fitr?" };
const SIGNUP = { name: "Maryam Said", email: "maryam@example.org", interest: "Food Distribution" };

async function postMessage(body: unknown = MESSAGE, clientAddress = fromNewAddress()) {
  return callApi(contactsApi.action, "/api/contact/", { body, clientAddress });
}

describe("POST /api/contact/", () => {
  it("stores a visitor's message, pending, in the API's field names", async () => {
    const { status, body } = await postMessage();
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      ...MESSAGE,
      submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      resolved: false,
    });
    expect(await getDb().selectFrom("contact_submissions").select(["name", "resolved"]).execute()).toEqual([
      { name: "Yusuf Ali", resolved: 0 },
    ]);
  });

  it("refuses a missing name, a malformed email or an empty message with field errors, storing nothing", async () => {
    const { status, body } = await postMessage({ name: " ", email: "not-an-email", message: "" });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      name: ["Name is required"],
      email: ["Please enter a valid email address"],
      message: ["Message is required"],
    });
    expect((await postMessage("{not json")).status).toBe(400);
    expect(await getDb().selectFrom("contact_submissions").selectAll().execute()).toEqual([]);
  });

  it("drops a bot's post (honeypot filled) without telling it, and limits each address to ten posts in ten minutes", async () => {
    const bot = await postMessage({ ...MESSAGE, website: "https://spam.example" });
    // The bot reads the answer everyone reads; nothing is kept.
    expect(bot.status).toBe(201);
    expect(bot.body).toMatchObject({ ...MESSAGE, resolved: false });
    expect(await getDb().selectFrom("contact_submissions").selectAll().execute()).toEqual([]);

    const address = fromNewAddress();
    for (let post = 0; post < 10; post += 1) expect((await postMessage(MESSAGE, address)).status).toBe(201);
    const refused = await postMessage(MESSAGE, address);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many submissions/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another visitor is not held back.
    expect((await postMessage()).status).toBe(201);
  });
});

describe("posts from another site's pages", () => {
  it("are refused with 403, so no page elsewhere can send messages or signups in its visitors' names", async () => {
    const foreign: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const headers of foreign) {
      const message = await callApi(contactsApi.action, "/api/contact/", {
        body: MESSAGE,
        headers,
        clientAddress: fromNewAddress(),
      });
      expect(message).toMatchObject({ status: 403, body: { detail: "Cross-site request refused" } });
      const signup = await callApi(volunteersApi.action, "/api/volunteers/", {
        body: SIGNUP,
        headers,
        clientAddress: fromNewAddress(),
      });
      expect(signup.status).toBe(403);
    }
    expect(await getDb().selectFrom("contact_submissions").selectAll().execute()).toEqual([]);
    // The site's own pages, and clients that are not browsers, are welcome.
    const own = await callApi(contactsApi.action, "/api/contact/", {
      body: MESSAGE,
      headers: { Origin: "http://localhost:3000", "Sec-Fetch-Site": "same-origin" },
      clientAddress: fromNewAddress(),
    });
    expect(own.status).toBe(201);
    // A bearer token is never attached by a browser on its own: an admin tool elsewhere may use it.
    const tool = await callApi(resolveApi.action, `/api/contact/${own.body.id}/resolve`, {
      method: "PATCH",
      params: { id: String(own.body.id) },
      headers: { ...auth, Origin: "https://tools.example" },
    });
    expect(tool.status).toBe(200);
  });
});

describe("the admin's contact endpoints", () => {
  it("answer 401 without an admin, however the caller asks", async () => {
    const { body } = await postMessage();
    const id = String(body.id);
    for (const [fn, path, method] of [
      [contactsApi.loader, "/api/contact/", "GET"],
      [contactApi.loader, `/api/contact/${id}`, "GET"],
      [resolveApi.action, `/api/contact/${id}/resolve`, "PATCH"],
      [contactApi.action, `/api/contact/${id}`, "DELETE"],
    ] as const) {
      const answer = await callApi(fn, path, {
        method,
        params: { id },
        headers: { Authorization: "Bearer expired-token" },
      });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toEqual({ detail: "Not authenticated" });
    }
    expect(await getDb().selectFrom("contact_submissions").select("resolved").execute()).toEqual([{ resolved: 0 }]);
  });

  it("list newest first, filter by resolved, resolve with no body, and delete", async () => {
    const older = (await postMessage({ ...MESSAGE, name: "First" })).body;
    const newer = (await postMessage({ ...MESSAGE, name: "Second" })).body;
    const all = await callApi(contactsApi.loader, "/api/contact/", { headers: auth });
    expect(all.body.map((contact: { name: string }) => contact.name)).toEqual(["Second", "First"]);

    const resolved = await callApi(resolveApi.action, `/api/contact/${older.id}/resolve`, {
      method: "PATCH",
      params: { id: String(older.id) },
      headers: auth,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: older.id, resolved: true });
    // Resolving twice changes nothing and is not an error.
    expect(
      (
        await callApi(resolveApi.action, `/api/contact/${older.id}/resolve`, {
          method: "PATCH",
          params: { id: String(older.id) },
          headers: auth,
        })
      ).status,
    ).toBe(200);

    const pending = await callApi(contactsApi.loader, "/api/contact/?resolved=false", { headers: auth });
    expect(pending.body.map((contact: { id: number }) => contact.id)).toEqual([newer.id]);
    const done = await callApi(contactsApi.loader, "/api/contact/?resolved=true", { headers: auth });
    expect(done.body).toEqual([{ ...older, resolved: true }]);
    expect((await callApi(contactsApi.loader, "/api/contact/?resolved=maybe", { headers: auth })).status).toBe(422);
    expect((await callApi(contactsApi.loader, "/api/contact/?resolved=1", { headers: auth })).body).toHaveLength(1);
    const paged = await callApi(contactsApi.loader, "/api/contact/?limit=1&offset=1", { headers: auth });
    expect(paged.body.map((contact: { id: number }) => contact.id)).toEqual([older.id]);

    const removed = await callApi(contactApi.action, `/api/contact/${newer.id}`, {
      method: "DELETE",
      params: { id: String(newer.id) },
      headers: auth,
    });
    expect(removed.status).toBe(204);
    expect((await callApi(contactsApi.loader, "/api/contact/", { headers: auth })).body).toHaveLength(1);
  });

  it("answer 404 for an id that names nothing", async () => {
    for (const id of ["999999", "abc", "0"]) {
      expect(
        (
          await callApi(resolveApi.action, `/api/contact/${id}/resolve`, {
            method: "PATCH",
            params: { id },
            headers: auth,
          })
        ).status,
      ).toBe(404);
      expect(
        (await callApi(contactApi.action, `/api/contact/${id}`, { method: "DELETE", params: { id }, headers: auth }))
          .status,
      ).toBe(404);
    }
    expect(
      (
        await callApi(resolveApi.action, "/api/contact/1/resolve", {
          method: "POST",
          params: { id: "1" },
          headers: auth,
        })
      ).status,
    ).toBe(405);
  });

  it("search name, email and message, by the trigram index and for short terms alike", async () => {
    await postMessage({
      name: "Khadija Rahman",
      email: "khadija@example.org",
      message: "Question about orphan sponsorship",
    });
    await postMessage({ name: "Omar Farooq", email: "omar@mail.example", message: "Can I volunteer on weekends?" });
    const names = async (query: string) =>
      (await callApi(contactsApi.loader, `/api/contact/?${query}`, { headers: auth })).body.map(
        (contact: { name: string }) => contact.name,
      );
    expect(await names("search=ORPHAN")).toEqual(["Khadija Rahman"]);
    expect(await names("search=mail.example")).toEqual(["Omar Farooq"]);
    expect(await names("search=rahm")).toEqual(["Khadija Rahman"]);
    expect(await names("search=Om")).toEqual(["Omar Farooq"]);
    expect(await names("search=%25")).toEqual([]);
    expect(await names(`search=${encodeURIComponent('"quoted" term')}`)).toEqual([]);
    // Control characters are dropped, never a 500 (a NUL would end an FTS5 string).
    expect(await names("search=orph%00an")).toEqual(["Khadija Rahman"]);
    expect(await names("search=%00%01")).toHaveLength(2);
  });
});

describe("the dashboard's contact figures", () => {
  it("count every message, the pending and the resolved", async () => {
    const first = (await postMessage()).body;
    await postMessage();
    await callApi(resolveApi.action, `/api/contact/${first.id}/resolve`, {
      method: "PATCH",
      params: { id: String(first.id) },
      headers: auth,
    });
    const dashboard = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: auth });
    expect(dashboard.body.contacts).toEqual({ total_messages: 2, pending: 1, resolved: 1 });
  });
});
