import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { hasRecentPassword } from "~/staff/two-factor/index.server";
import { adminContext } from "~/lib/request-context";
import { ensureDefaultSettings } from "~/content/settings/index.server";
import * as adminLayout from "~/staff/admin-layout/routes/admin-layout";
import * as securityPage from "~/staff/two-factor/routes/admin-security";
import * as apiAccess from "~/staff/access/routes/api-access";
import * as apiStaff from "~/staff/accounts/routes/api-staff";
import * as apiStaffMember from "~/staff/accounts/routes/api-staff-member";
import * as invitationPage from "~/staff/accounts/routes/admin-invitation";
import * as teamScreen from "~/staff/accounts/routes/admin-team";
import { signInAdmin } from "~/staff/accounts/server/admins.server";
import { adminFromSession } from "~/staff/sign-in/server/auth.server";
import { issueApiToken } from "~/staff/sign-in/server/api-tokens.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext, makeRequest, unwrapData } from "../../../../tests/support/routes";

let owner: Awaited<ReturnType<typeof createTestAdmin>>;
beforeAll(async () => {
  owner = await createTestAdmin();
});

/** The invitation link mailed to an address, as the person reads it. */
async function mailedInvitationToken(email: string): Promise<string> {
  const mail = await getDb()
    .selectFrom("outbound_mail")
    .select(["text_body", "subject", "kind"])
    .where("to_address", "=", email)
    .where("kind", "=", "staff-invitation")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  expect(mail.subject).toMatch(/invited/i);
  const token = /\/admin\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function invite(body: unknown) {
  return callApi(apiStaff.action, "/api/staff/", { method: "POST", body, headers: owner.auth });
}

async function accept(token: string, form: Record<string, string>) {
  return callRoute(invitationPage.action, `/admin/invitation/${token}`, {
    form,
    params: { token },
    clientAddress: "198.51.100.40",
  });
}

/** What was done to a record, its sign-ins (recorded by the sign-in itself) left aside. */
async function auditActions(entityId: number | string, entity = "staff") {
  const rows = await getDb()
    .selectFrom("audit_entries")
    .select(["action", "changes", "actor_name"])
    .where("entity", "=", entity)
    .where("entity_id", "=", String(entityId))
    .where("action", "not like", "sign-in%")
    .orderBy("id")
    .execute();
  return rows;
}

describe("inviting someone", () => {
  it("mails a single-use link; accepting it makes the account with the invited roles and signs them in", async () => {
    const { status, body } = await invite({ name: "Amina Yusuf", email: "Amina.Yusuf@Example.org", roles: ["editor"] });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: "Amina Yusuf", email: "amina.yusuf@example.org", roles: ["editor"] });
    expect(body.status).toBe("pending");
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(JSON.stringify(body)).not.toMatch(/token/);

    const token = await mailedInvitationToken("amina.yusuf@example.org");
    // Only the hash is kept.
    const stored = await getDb().selectFrom("staff_invitations").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const page = unwrapData(
      await callRoute(invitationPage.loader, `/admin/invitation/${token}`, { params: { token } }),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ invitation: { name: "Amina Yusuf", suggestedUsername: "amina.yusuf" } });

    const answer = (await accept(token, {
      username: "amina.yusuf",
      password: "her-own-password",
      confirm: "her-own-password",
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin");
    const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
    const signedIn = await adminFromSession(makeRequest("/admin", { headers: { Cookie: cookie } }));
    // The password chosen a moment ago counts as just given: adding a passkey next asks for nothing more.
    expect(await hasRecentPassword(makeRequest("/admin", { headers: { Cookie: cookie } }))).toBe(true);
    expect(signedIn).toMatchObject({
      username: "amina.yusuf",
      name: "Amina Yusuf",
      email: "amina.yusuf@example.org",
      roles: ["editor"],
    });
    expect(await signInAdmin("Amina.Yusuf", "her-own-password", "198.51.100.41")).toMatchObject({ roles: ["editor"] });

    // The list shows the username.
    const list = await callApi(apiStaff.loader, "/api/staff/", { headers: owner.auth });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({
      id: signedIn!.id,
      name: "Amina Yusuf",
      username: "amina.yusuf",
      email: "amina.yusuf@example.org",
      roles: ["editor"],
      active: true,
      created_at: expect.any(String),
      two_factor_app: false,
      passkeys: 0,
    });

    // Single use: the link now says it no longer works, and cannot make a second account.
    const again = unwrapData(
      await callRoute(invitationPage.loader, `/admin/invitation/${token}`, { params: { token } }),
    );
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ invitation: null });
    const second = unwrapData(await accept(token, { username: "someone-else", password: "another-password" }));
    expect(second.status).toBe(404);
    expect(second.data).toEqual({ gone: true });

    expect((await auditActions(body.id, "staff-invitation")).map((row) => row.action)).toEqual(["invite"]);
    expect((await auditActions(signedIn!.id)).map((row) => row.action)).toContain("accept-invitation");
  });

  it("suggests a free username and refuses one taken in any letter case", async () => {
    await invite({ name: "Bilal One", email: "bilal@example.org", roles: ["finance"] });
    const first = await mailedInvitationToken("bilal@example.org");
    await accept(first, { username: "bilal", password: "password-one" });
    await invite({ name: "Bilal Two", email: "bilal@example.net", roles: ["community"] });
    const token = await mailedInvitationToken("bilal@example.net");
    const page = unwrapData(
      await callRoute(invitationPage.loader, `/admin/invitation/${token}`, { params: { token } }),
    );
    expect(page.data).toMatchObject({ invitation: { suggestedUsername: "bilal2" } });
    const taken = unwrapData(await accept(token, { username: "BILAL", password: "password-two" }));
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.data)).toMatch(/already has this username/);
    const short = unwrapData(await accept(token, { username: "bilal2", password: "short" }));
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.data)).toMatch(/at least 8 characters/);
  });

  it("stops a link after 72 hours, with a plain page rather than an error", async () => {
    await invite({ name: "Late Person", email: "late@example.org", roles: ["editor"] });
    const token = await mailedInvitationToken("late@example.org");
    await getDb()
      .updateTable("staff_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "late@example.org")
      .execute();
    const page = unwrapData(
      await callRoute(invitationPage.loader, `/admin/invitation/${token}`, { params: { token } }),
    );
    expect(page.status).toBe(404);
    expect(page.data).toEqual({ invitation: null });
    expect(unwrapData(await accept(token, { username: "late", password: "password-late" })).status).toBe(404);
    const unknown = unwrapData(
      await callRoute(invitationPage.loader, "/admin/invitation/nonsense", { params: { token: "nonsense" } }),
    );
    expect(unknown.status).toBe(404);
  });

  it("replaces an unused invitation when the same address is invited again", async () => {
    await invite({ name: "Twice", email: "twice@example.org", roles: ["editor"] });
    const first = await mailedInvitationToken("twice@example.org");
    const { status } = await invite({ name: "Twice Again", email: "TWICE@example.org", roles: ["finance"] });
    expect(status).toBe(201);
    const second = await mailedInvitationToken("twice@example.org");
    expect(second).not.toBe(first);
    expect(unwrapData(await accept(first, { username: "twice", password: "password-twice" })).status).toBe(404);
    const pending = await getDb()
      .selectFrom("staff_invitations")
      .select(["name", "roles"])
      .where("email", "=", "twice@example.org")
      .where("used_at", "is", null)
      .execute();
    expect(pending).toEqual([{ name: "Twice Again", roles: "finance" }]);
  });

  it("answers 422 with field errors for bad input", async () => {
    const unknownRole = await invite({ name: "X", email: "x@example.org", roles: ["wizard"] });
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.errors.roles[0]).toMatch(/Unknown role: wizard/);
    const badEmail = await invite({ name: "X", email: "not-an-email", roles: ["editor"] });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors.email).toBeDefined();
    const noRoles = await invite({ name: "", email: "y@example.org", roles: [] });
    expect(noRoles.status).toBe(422);
    expect(noRoles.body.errors).toMatchObject({ name: expect.any(Array), roles: ["Choose at least one role"] });
    const existing = await invite({ name: "Dup", email: "amina.yusuf@example.org", roles: ["editor"] });
    expect(existing.status).toBe(422);
    expect(existing.body.errors.email[0]).toMatch(/already has this email/);
  });
});

describe("an invitation accepted while the site requires two-factor", () => {
  /** Runs the admin layout's guard for a screen, as React Router does before its loader. */
  async function screenGuard(pathname: string, cookie: string) {
    const context = makeContext("198.51.100.70", null);
    const request = makeRequest(pathname, { headers: { Cookie: cookie } });
    try {
      await adminLayout.middleware[0]!(
        { request, context, params: {}, pattern: pathname, url: new URL(request.url) } as never,
        async () => new Response("page"),
      );
      return { admin: context.get(adminContext) };
    } catch (thrown) {
      return { refused: thrown as Response };
    }
  }

  /** Runs the API's guard for an editor's call with this token. */
  async function apiGuard(token: string) {
    // A write an editor may make (reading stories is open to everyone).
    const request = makeRequest("/api/stories/", {
      method: "POST",
      body: { title: "x" },
      headers: { Authorization: `Bearer ${token}` },
    });
    try {
      return (await apiAccess.middleware[0]!(
        {
          request,
          context: makeContext("198.51.100.70", null),
          params: {},
          pattern: "/api/stories",
          url: new URL(request.url),
        } as never,
        async () => new Response("passed"),
      )) as Response;
    } catch (thrown) {
      return thrown as Response;
    }
  }

  it("leads the new person to set up two-factor before any other admin screen or API call works", async () => {
    await ensureDefaultSettings();
    await getDb().updateTable("settings").set({ value: "true" }).where("key", "=", "require_two_factor").execute();
    try {
      await invite({ name: "Yusuf Idris", email: "yusuf.idris@example.org", roles: ["editor"] });
      const token = await mailedInvitationToken("yusuf.idris@example.org");
      const answer = (await accept(token, {
        username: "yusuf.idris",
        password: "his-own-password",
        confirm: "his-own-password",
      })) as Response;
      expect(answer.status).toBe(302);
      const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
      const person = (await adminFromSession(makeRequest("/admin", { headers: { Cookie: cookie } })))!;
      expect(person).toMatchObject({ username: "yusuf.idris", roles: ["editor"] });

      // Where the acceptance lands, and every screen of their role, sends them to Security.
      for (const pathname of [answer.headers.get("Location")!, "/admin", "/admin/stories", "/admin/events"]) {
        const { refused } = await screenGuard(pathname, cookie);
        expect(refused?.status, pathname).toBe(302);
        expect(refused?.headers.get("Location"), pathname).toBe("/admin/security");
      }
      // The Security page opens, and says why they are there.
      expect((await screenGuard("/admin/security", cookie)).admin?.id).toBe(person.id);
      const security = () =>
        callRoute(securityPage.loader, "/admin/security", {
          context: makeContext("198.51.100.70", person),
        }) as ReturnType<typeof securityPage.loader>;
      expect((await security()).required).toBe(true);
      // The API refuses them too, with the way out in its detail.
      const { token: apiToken } = await issueApiToken(person);
      const refused = await apiGuard(apiToken);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        detail:
          "Two-factor sign-in is required for all staff: set it up on your Security page (/admin/security) first.",
      });

      // Set up with a code from the app: every screen of their role opens, and the API answers.
      const securityAction = (form: Record<string, string>) =>
        callRoute(securityPage.action, "/admin/security", {
          form,
          headers: { Cookie: cookie },
          context: makeContext("198.51.100.70", person),
        });
      expect(((await securityAction({ intent: "begin" })) as Response).headers.get("Location")).toBe("/admin/security");
      const secret = (await security()).setup!.secret;
      const confirmed = unwrapData(await securityAction({ intent: "confirm", code: await generate({ secret }) }));
      expect((confirmed.data as { codes: string[] }).codes).toHaveLength(10);
      // Turning it on renews the session: the browser goes on with the cookie it was given.
      const renewed = new Headers(confirmed.headers).get("Set-Cookie")!.split(";")[0]!;
      for (const pathname of ["/admin", "/admin/stories", "/admin/events"]) {
        expect((await screenGuard(pathname, renewed)).admin?.id, pathname).toBe(person.id);
      }
      expect((await security()).required).toBe(false);
      // A new factor ends the sign-in tokens made before it (decision 156); one made now passes.
      expect((await apiGuard(apiToken)).status).toBe(401);
      const { token: fresh } = await issueApiToken(person);
      expect(await (await apiGuard(fresh)).text()).toBe("passed");
    } finally {
      await getDb().updateTable("settings").set({ value: "false" }).where("key", "=", "require_two_factor").execute();
    }
  });
});

describe("who may use /api/staff", () => {
  async function throughGuard(
    pattern: string,
    path: string,
    headers: Record<string, string>,
    method = "GET",
  ): Promise<Response> {
    const request = makeRequest(path, { headers, method, ...(method === "GET" ? {} : { body: {} }) });
    try {
      return (await apiAccess.middleware[0]!(
        {
          request,
          context: makeContext("198.51.100.60", null),
          params: {},
          pattern,
          url: new URL(request.url),
        } as never,
        async () => new Response("passed"),
      )) as Response;
    } catch (thrown) {
      return thrown as Response;
    }
  }

  it("lets an owner through and refuses anyone else with 403 JSON, and a signed-out caller with 401", async () => {
    const editor = await createTestAdmin("a-strong-password", ["editor", "finance"]);
    expect(await (await throughGuard("/api/staff", "/api/staff/", owner.auth)).text()).toBe("passed");
    for (const [pattern, path, method] of [
      ["/api/staff", "/api/staff/", "GET"],
      ["/api/staff", "/api/staff/", "POST"],
      ["/api/staff/:id", `/api/staff/${owner.admin.id}`, "PATCH"],
    ] as const) {
      const refused = await throughGuard(pattern, path, editor.auth, method);
      expect(refused.status).toBe(403);
      expect((await refused.json()).detail).toMatch(/Owner/);
    }
    expect((await throughGuard("/api/staff", "/api/staff/", {})).status).toBe(401);
  });
});

describe("changing roles and deactivating", () => {
  it("changes roles, records before and after, and answers 404 for nobody", async () => {
    const person = await createTestAdmin("a-strong-password", ["editor"]);
    const { status, body } = await callApi(apiStaffMember.action, `/api/staff/${person.admin.id}`, {
      method: "PATCH",
      body: { roles: ["finance", "editor"] },
      headers: owner.auth,
      params: { id: String(person.admin.id) },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: person.admin.id, roles: ["finance", "editor"], active: true });
    const entries = await auditActions(person.admin.id);
    expect(entries.at(-1)!.action).toBe("roles");
    expect(JSON.parse(entries.at(-1)!.changes)).toEqual({ roles: ["editor", "finance editor"] });

    const missing = await callApi(apiStaffMember.action, "/api/staff/999999", {
      method: "PATCH",
      body: { active: false },
      headers: owner.auth,
      params: { id: "999999" },
    });
    expect(missing.status).toBe(404);
    const bad = await callApi(apiStaffMember.action, `/api/staff/${person.admin.id}`, {
      method: "PATCH",
      body: { roles: ["boss"] },
      headers: owner.auth,
      params: { id: String(person.admin.id) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.roles).toBeDefined();
  });

  it("new roles end the person's sessions and sign-in tokens, so nothing signed in under the old roles lives on", async () => {
    const person = await createTestAdmin("a-strong-password", ["editor"]);
    await getDb()
      .insertInto("admin_sessions")
      .values({
        id: `roles-session-of-${person.admin.id}`,
        admin_id: person.admin.id,
        data: JSON.stringify({ adminId: person.admin.id }),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();
    const unchanged = await callApi(apiStaffMember.action, `/api/staff/${person.admin.id}`, {
      method: "PATCH",
      body: { active: true },
      headers: owner.auth,
      params: { id: String(person.admin.id) },
    });
    expect(unchanged.status).toBe(200);
    const signIns = async () =>
      (await getDb().selectFrom("admin_sessions").select("id").where("admin_id", "=", person.admin.id).execute())
        .length +
      (await getDb().selectFrom("api_tokens").select("id").where("admin_id", "=", person.admin.id).execute()).length;
    expect(await signIns()).toBe(2);

    await callApi(apiStaffMember.action, `/api/staff/${person.admin.id}`, {
      method: "PATCH",
      body: { roles: ["editor", "community"] },
      headers: owner.auth,
      params: { id: String(person.admin.id) },
    });
    expect(await signIns()).toBe(0);
    const signedOut = await callApi(apiStaff.loader, "/api/staff/", { headers: person.auth });
    expect(signedOut.status).toBe(401);
    // The owner who made the change is still signed in.
    expect((await callApi(apiStaff.loader, "/api/staff/", { headers: owner.auth })).status).toBe(200);
  });

  it("deactivating ends the person's sessions and API tokens at once, and keeps their name", async () => {
    const person = await createTestAdmin("a-strong-password", ["community"]);
    await getDb()
      .insertInto("admin_sessions")
      .values({
        id: `session-of-${person.admin.id}`,
        admin_id: person.admin.id,
        data: JSON.stringify({ adminId: person.admin.id }),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();
    await issueApiToken(person.admin);
    const answer = unwrapData(
      await callRoute(teamScreen.action, "/admin/team", {
        form: { intent: "deactivate", id: String(person.admin.id) },
        context: makeContext("198.51.100.50", owner.admin),
      }),
    );
    expect(answer.status).toBe(302);
    for (const table of ["admin_sessions", "api_tokens"] as const) {
      const left = await getDb().selectFrom(table).select("admin_id").where("admin_id", "=", person.admin.id).execute();
      expect(left).toEqual([]);
    }
    const list = await callApi(apiStaff.loader, "/api/staff/", { headers: owner.auth });
    expect(list.body.find((member: { id: number }) => member.id === person.admin.id)).toMatchObject({
      active: false,
      name: person.admin.name,
    });
    await expect(signInAdmin(person.admin.username, "a-strong-password", "198.51.100.51")).rejects.toThrow(
      /Invalid username or password/,
    );
    const reactivated = await callApi(apiStaffMember.action, `/api/staff/${person.admin.id}`, {
      method: "PATCH",
      body: { active: true },
      headers: owner.auth,
      params: { id: String(person.admin.id) },
    });
    expect(reactivated.body).toMatchObject({ active: true });
    expect((await auditActions(person.admin.id)).map((row) => row.action)).toEqual(["deactivate", "reactivate"]);
  });

  it("shows the staff, the pending invitations and the confirmation on the Team screen", async () => {
    const person = await createTestAdmin("a-strong-password", ["editor"]);
    const screen = unwrapData(
      await callRoute(teamScreen.loader, `/admin/team?deactivate=${person.admin.id}`, {
        context: makeContext("198.51.100.52", owner.admin),
      }),
    ).data as Awaited<ReturnType<typeof teamScreen.loader>>;
    expect(screen.deactivating).toMatchObject({ id: person.admin.id });
    expect(screen.staff.map((member) => member.username)).toContain(person.admin.username);
    expect(screen.invitations.map((invitation) => invitation.email)).toContain("twice@example.org");

    const refused = unwrapData(
      await callRoute(teamScreen.action, "/admin/team", {
        form: { intent: "invite", name: "No Roles", email: "noroles@example.org" },
        context: makeContext("198.51.100.52", owner.admin),
      }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toMatch(/Choose at least one role/);
    const invited = unwrapData(
      await callRoute(teamScreen.action, "/admin/team", {
        form: { intent: "invite", name: "From The Form", email: "form@example.org", roles: "community" },
        context: makeContext("198.51.100.52", owner.admin),
      }),
    );
    expect(invited.status).toBe(302);
    await mailedInvitationToken("form@example.org");
  });
});
