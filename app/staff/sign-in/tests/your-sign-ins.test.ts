import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import type { Admin } from "~/staff/accounts";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as login from "~/staff/sign-in/routes/admin-login";
import * as signIns from "~/staff/sign-in/routes/admin-sign-ins";
import * as dashboardApi from "~/staff/dashboard/routes/api-admin-dashboard";
import { renewSessionsOf, rotateSession } from "~/staff/sign-in/index.server";
import { adminContext } from "~/lib/request-context";
import { runAsActor } from "~/lib/request-actor.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { screenText } from "../../../../tests/support/screens";
import { callApi, callRoute, makeContext, makeRequest, unwrapData } from "../../../../tests/support/routes";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Loaded = Awaited<ReturnType<typeof signIns.loader>>;

let owner: Admin;
let finance: Admin;
const password = "a-strong-password";

beforeAll(async () => {
  ({ admin: owner } = await createTestAdmin(password, ["owner"]));
  ({ admin: finance } = await createTestAdmin(password, ["finance"]));
});

/** Signs in through the real form from a browser and an address; the session cookie. */
async function signIn(person: Admin, userAgent: string, address: string): Promise<string> {
  const result = await callRoute(login.action, "/admin/login", {
    form: { username: person.username, password, redirectTo: "/admin" },
    headers: { "User-Agent": userAgent },
    clientAddress: address,
  });
  const response = result as Response;
  expect(response.status).toBe(302);
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** Whether a cookie still opens the admin area (the layout's guard, as React Router runs it). */
async function stillSignedIn(cookie: string): Promise<boolean> {
  const context = makeContext();
  const request = makeRequest("/admin", { headers: { Cookie: cookie } });
  try {
    await layout.middleware[0]!(
      { request, context, params: {}, pattern: "/admin", url: new URL(request.url) } as never,
      async () => new Response(),
    );
    return context.get(adminContext) !== null;
  } catch {
    return false;
  }
}

async function loadPage(person: Admin, cookie: string, search = ""): Promise<Loaded> {
  return (await callRoute(signIns.loader, `/admin/sign-ins${search}`, {
    headers: { Cookie: cookie },
    context: makeContext("203.0.113.10", person),
  })) as Loaded;
}

/** Posts the screen's form as the person, run as them the way the admin area's guard runs it. */
async function post(person: Admin, cookie: string, form: Record<string, string>) {
  const actor = { id: person.id, name: person.name, address: "203.0.113.10", userAgent: FIREFOX_LINUX };
  return runAsActor(actor, () =>
    callRoute(signIns.action, "/admin/sign-ins", {
      form,
      headers: { Cookie: cookie },
      context: makeContext("203.0.113.10", person),
    }),
  );
}

async function auditActions(actorId: number): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("audit_entries")
    .select(["action", "entity"])
    .where("actor_id", "=", actorId)
    .orderBy("id")
    .execute();
  return rows.map((row) => `${row.entity}:${row.action}`);
}

describe("Your sign-ins: sessions", () => {
  it("lists each of the person's sessions with its device, address, start and last use, this one marked", async () => {
    const { admin } = await createTestAdmin(password);
    const laptop = await signIn(admin, FIREFOX_LINUX, "198.51.100.21");
    await signIn(admin, SAFARI_IPHONE, "198.51.100.22");

    const page = await loadPage(admin, laptop);
    expect(page.sessions).toHaveLength(2);
    const [first, second] = page.sessions;
    expect(first).toMatchObject({ current: true, address: "198.51.100.21", userAgent: FIREFOX_LINUX });
    expect(second).toMatchObject({ current: false, address: "198.51.100.22", userAgent: SAFARI_IPHONE });
    expect(first!.startedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first!.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The session's id, the key to it, is never on the page.
    const ids = await getDb().selectFrom("admin_sessions").select("id").where("admin_id", "=", admin.id).execute();
    for (const { id } of ids) expect(JSON.stringify(page)).not.toContain(id);
  });

  it("writes last use at most once a minute", async () => {
    const { admin } = await createTestAdmin(password);
    const cookie = await signIn(admin, FIREFOX_LINUX, "198.51.100.23");
    const past = new Date(Date.now() - 5 * 60_000).toISOString();
    await getDb().updateTable("admin_sessions").set({ last_used_at: past }).where("admin_id", "=", admin.id).execute();
    expect(await stillSignedIn(cookie)).toBe(true);
    const [row] = await getDb()
      .selectFrom("admin_sessions")
      .select("last_used_at")
      .where("admin_id", "=", admin.id)
      .execute();
    expect(Date.parse(row!.last_used_at!)).toBeGreaterThan(Date.now() - 10_000);

    const recent = new Date(Date.now() - 20_000).toISOString();
    await getDb()
      .updateTable("admin_sessions")
      .set({ last_used_at: recent })
      .where("admin_id", "=", admin.id)
      .execute();
    expect(await stillSignedIn(cookie)).toBe(true);
    const [again] = await getDb()
      .selectFrom("admin_sessions")
      .select("last_used_at")
      .where("admin_id", "=", admin.id)
      .execute();
    expect(again!.last_used_at).toBe(recent);
  });

  it("asks first at ?signout=, then signs out that one session and no other", async () => {
    const { admin } = await createTestAdmin(password);
    const laptop = await signIn(admin, FIREFOX_LINUX, "198.51.100.24");
    const phone = await signIn(admin, SAFARI_IPHONE, "198.51.100.25");
    const handle = (await loadPage(admin, laptop)).sessions.find((s) => !s.current)!.handle;

    const confirming = await loadPage(admin, laptop, `?signout=${handle}`);
    expect(confirming.confirming).toMatchObject({ handle, address: "198.51.100.25" });

    const result = (await post(admin, laptop, { intent: "sign-out", session: handle })) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/sign-ins?done=signed-out");
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(true);
    expect((await loadPage(admin, laptop, "?done=signed-out")).done).toBe("That session is signed out.");
    expect(await auditActions(admin.id)).toContain("session:sign-out");

    // Again: it has already ended.
    const again = unwrapData(await post(admin, laptop, { intent: "sign-out", session: handle }));
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ missing: "That session has already ended." });
  });

  it("signing out this device ends this session and goes to sign-in", async () => {
    const { admin } = await createTestAdmin(password);
    const laptop = await signIn(admin, FIREFOX_LINUX, "198.51.100.26");
    const handle = (await loadPage(admin, laptop)).sessions[0]!.handle;
    const result = (await post(admin, laptop, { intent: "sign-out", session: handle })) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/login");
    expect(await stillSignedIn(laptop)).toBe(false);
  });

  it("signs out all others and keeps this one", async () => {
    const { admin } = await createTestAdmin(password);
    const laptop = await signIn(admin, FIREFOX_LINUX, "198.51.100.27");
    const phone = await signIn(admin, SAFARI_IPHONE, "198.51.100.28");
    const tablet = await signIn(admin, SAFARI_IPHONE, "198.51.100.29");
    const other = await signIn(owner, FIREFOX_LINUX, "198.51.100.30");

    expect((await loadPage(admin, laptop, "?signout=others")).confirmOthers).toBe(true);
    const result = (await post(admin, laptop, { intent: "sign-out-others" })) as Response;
    expect(result.headers.get("Location")).toBe("/admin/sign-ins?done=others");
    expect(await stillSignedIn(laptop)).toBe(true);
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(tablet)).toBe(false);
    expect(await stillSignedIn(other)).toBe(true);
    expect((await loadPage(admin, laptop)).sessions).toHaveLength(1);
    expect(await auditActions(admin.id)).toContain("session:sign-out-others");
  });

  it("shows an owner everyone's sessions, and lets them sign someone else out", async () => {
    const ownerCookie = await signIn(owner, FIREFOX_LINUX, "198.51.100.31");
    const financeCookie = await signIn(finance, SAFARI_IPHONE, "198.51.100.32");
    const page = await loadPage(owner, ownerCookie);
    const theirs = page.everyone!.find((s) => s.adminId === finance.id && s.address === "198.51.100.32")!;
    expect(theirs).toMatchObject({ personName: finance.name || finance.username, userAgent: SAFARI_IPHONE });
    expect(page.everyone!.some((s) => s.adminId === owner.id)).toBe(false);

    const confirming = await loadPage(owner, ownerCookie, `?signout=${theirs.handle}`);
    expect(confirming.confirming?.adminId).toBe(finance.id);
    const result = (await post(owner, ownerCookie, { intent: "sign-out", session: theirs.handle })) as Response;
    expect(result.status).toBe(302);
    expect(await stillSignedIn(financeCookie)).toBe(false);
    expect(await stillSignedIn(ownerCookie)).toBe(true);
    expect(await auditActions(owner.id)).toContain("session:sign-out-other");
  });

  it("refuses a non-owner another person's sessions with 403, and shows them none", async () => {
    const ownerCookie = await signIn(owner, FIREFOX_LINUX, "198.51.100.33");
    const financeCookie = await signIn(finance, SAFARI_IPHONE, "198.51.100.34");
    const ownerHandle = (await loadPage(owner, ownerCookie)).sessions.find((s) => s.current)!.handle;

    const page = await loadPage(finance, financeCookie);
    expect(page.everyone).toBeNull();
    expect(page.sessions.every((s) => s.adminId === finance.id)).toBe(true);

    const asked = unwrapData(await post(finance, financeCookie, { intent: "sign-out", session: ownerHandle }));
    expect(asked.status).toBe(403);
    expect(asked.data).toMatchObject({ detail: "Only an owner may see or end another person's sessions." });
    expect(unwrapData(await loadPage(finance, financeCookie, `?signout=${ownerHandle}`)).status).toBe(403);
    expect(await stillSignedIn(ownerCookie)).toBe(true);
  });
});

describe("Your sign-ins: the screen", () => {
  it("reads each session's device as words, with its address, and shows a new token once with a warning", async () => {
    const { admin } = await createTestAdmin(password);
    await signIn(admin, SAFARI_IPHONE, "198.51.100.44");
    // The screen's owner (the test's signed-in owner) sees everyone's sessions, this one among them.
    const text = await screenText(signIns, "/admin/sign-ins");
    expect(text).toContain("Your sign-ins");
    expect(text).toContain("Everyone else’s sessions");
    expect(text).toMatch(/Safari on iPhone 198\.51\.100\.44/);
    expect(text).toContain("Personal API tokens");
    expect(text).toContain("No personal tokens");

    const shown = await screenText(signIns, "/admin/sign-ins", {
      created: { name: "Reports script", token: "tok_shown_once", expiresAt: "2027-03-01T00:00:00.000Z" },
    });
    expect(shown).toContain("Your new token “Reports script”. Copy it now: it will not be shown again.");
    expect(shown).toContain("tok_shown_once");
  });

  it("asks before signing out all others, at an address that works without JavaScript", async () => {
    const text = await screenText(signIns, "/admin/sign-ins?signout=others");
    expect(text).toContain("Sign out every other session of yours?");
    expect(text).toContain("Yes, sign out all others");
  });
});

describe("Your sign-ins: personal API tokens", () => {
  it("shows a new token once; it works as a bearer token, records its last use, and is kept only hashed", async () => {
    const { admin } = await createTestAdmin(password);
    const cookie = await signIn(admin, FIREFOX_LINUX, "198.51.100.35");
    const created = unwrapData(await post(admin, cookie, { intent: "create-token", name: "Reports script" }));
    expect(created.status).toBe(200);
    const { token, name, expiresAt } = (created.data as { created: { token: string; name: string; expiresAt: string } })
      .created;
    expect(name).toBe("Reports script");
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // 90 days unless chosen otherwise.
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(89 * 86_400_000);

    const listed = (await loadPage(admin, cookie)).tokens;
    expect(listed).toEqual([
      { id: expect.any(Number), name: "Reports script", createdAt: expect.any(String), expiresAt, lastUsedAt: null },
    ]);
    expect(JSON.stringify(await loadPage(admin, cookie))).not.toContain(token);
    const stored = await getDb().selectFrom("api_tokens").selectAll().where("id", "=", listed[0]!.id).execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]).toMatchObject({ kind: "personal", name: "Reports script" });

    const answer = await callApi(dashboardApi.loader, "/api/admin/dashboard", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect((await loadPage(admin, cookie)).tokens[0]!.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await auditActions(admin.id)).toContain("api-token:create");
  });

  it("refuses a token without a name with 422 and the field's error", async () => {
    const { admin } = await createTestAdmin(password);
    const cookie = await signIn(admin, FIREFOX_LINUX, "198.51.100.36");
    const refused = unwrapData(await post(admin, cookie, { intent: "create-token", name: " ", lifetime: "7" }));
    expect(refused.status).toBe(422);
    const { error } = (refused.data as { result: { error: Record<string, string[]> } }).result;
    expect(error.name).toEqual(["Give the token a name"]);
    expect(error.lifetime).toEqual(["Choose 30, 90 or 365 days"]);
    expect((await loadPage(admin, cookie)).tokens).toEqual([]);
  });

  it("a revoked token answers 401, after a confirmation at ?revoke=", async () => {
    const { admin } = await createTestAdmin(password);
    const cookie = await signIn(admin, FIREFOX_LINUX, "198.51.100.37");
    const created = unwrapData(
      await post(admin, cookie, { intent: "create-token", name: "Old laptop", lifetime: "30" }),
    );
    const { token } = (created.data as { created: { token: string } }).created;
    const id = (await loadPage(admin, cookie)).tokens[0]!.id;
    expect((await loadPage(admin, cookie, `?revoke=${id}`)).revoking?.name).toBe("Old laptop");

    const result = (await post(admin, cookie, { intent: "revoke-token", token: String(id) })) as Response;
    expect(result.headers.get("Location")).toBe("/admin/sign-ins?done=revoked");
    const answer = await callApi(dashboardApi.loader, "/api/admin/dashboard", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
    expect((await loadPage(admin, cookie)).tokens).toEqual([]);
    expect(await auditActions(admin.id)).toContain("api-token:revoke");
  });

  it("nobody revokes another person's token: it is 404 to them", async () => {
    const { admin } = await createTestAdmin(password);
    const cookie = await signIn(admin, FIREFOX_LINUX, "198.51.100.38");
    await post(admin, cookie, { intent: "create-token", name: "Mine" });
    const id = (await loadPage(admin, cookie)).tokens[0]!.id;
    const financeCookie = await signIn(finance, SAFARI_IPHONE, "198.51.100.39");
    const refused = unwrapData(await post(finance, financeCookie, { intent: "revoke-token", token: String(id) }));
    expect(refused.status).toBe(404);
    expect((await loadPage(admin, cookie)).tokens).toHaveLength(1);
  });

  it("an expired token answers 401 and is no longer listed", async () => {
    const { admin } = await createTestAdmin(password);
    const cookie = await signIn(admin, FIREFOX_LINUX, "198.51.100.40");
    const created = unwrapData(await post(admin, cookie, { intent: "create-token", name: "Short-lived" }));
    const { token } = (created.data as { created: { token: string } }).created;
    await getDb()
      .updateTable("api_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("admin_id", "=", admin.id)
      .where("kind", "=", "personal")
      .execute();
    const answer = await callApi(dashboardApi.loader, "/api/admin/dashboard", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
    expect((await loadPage(admin, cookie)).tokens).toEqual([]);
  });
});

describe("renewing sessions when roles or factors change", () => {
  it("renewSessionsOf ends the person's other sessions and sign-in tokens, keeps personal tokens; rotateSession gives this one a new id", async () => {
    const { admin, auth: signInToken } = await createTestAdmin(password);
    const laptop = await signIn(admin, FIREFOX_LINUX, "198.51.100.41");
    const phone = await signIn(admin, SAFARI_IPHONE, "198.51.100.42");
    const created = unwrapData(await post(admin, laptop, { intent: "create-token", name: "Kept" }));
    const { token } = (created.data as { created: { token: string } }).created;

    const request = makeRequest("/admin/sign-ins", { headers: { Cookie: laptop } });
    expect(await renewSessionsOf(admin.id, { keep: request })).toBe(2);
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(true);
    expect((await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: signInToken })).status).toBe(401);
    const personal = { Authorization: `Bearer ${token}` };
    expect((await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: personal })).status).toBe(200);

    const before = (await loadPage(admin, laptop)).sessions[0]!;
    const renewed = (await rotateSession(request))!.split(";")[0]!;
    expect(renewed).not.toBe(laptop);
    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await stillSignedIn(renewed)).toBe(true);
    const after = (await loadPage(admin, renewed)).sessions;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      current: true,
      userAgent: FIREFOX_LINUX,
      address: "198.51.100.41",
      startedAt: before.startedAt,
    });
  });

  it("renewSessionsOf without a request to keep ends every session of the person (a change an owner made)", async () => {
    const { admin } = await createTestAdmin(password);
    const laptop = await signIn(admin, FIREFOX_LINUX, "198.51.100.43");
    await renewSessionsOf(admin.id);
    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await rotateSession(makeRequest("/admin", { headers: { Cookie: laptop } }))).toBeUndefined();
  });
});
