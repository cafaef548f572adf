import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { adminContext } from "~/lib/request-context";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as login from "~/staff/sign-in/routes/admin-login";
import * as logout from "~/staff/sign-in/routes/admin-logout";
import * as apiLogin from "~/staff/sign-in/routes/api-auth-login";
import * as apiLogout from "~/staff/sign-in/routes/api-auth-logout";
import * as dashboardApi from "~/staff/dashboard/routes/api-admin-dashboard";
import * as settingApi from "~/content/settings/routes/api-setting";
import { ensureFirstAdmin, setAdminPassword } from "~/staff/accounts/server/admins.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext, makeRequest, unwrapData } from "../../../../tests/support/routes";

let username: string;
const password = "a-strong-password";
beforeAll(async () => {
  ({
    admin: { username },
  } = await createTestAdmin(password));
});

/** The newest audit entry about this person's staff record. */
const lastAuditOf = (adminId: number) =>
  getDb()
    .selectFrom("audit_entries")
    .selectAll()
    .where("entity", "=", "staff")
    .where("entity_id", "=", String(adminId))
    .orderBy("id", "desc")
    .executeTakeFirst();

async function auditCount(): Promise<number> {
  const row = await getDb()
    .selectFrom("audit_entries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Signs in through the real form action and returns the session cookie. */
async function signIn(user = username, pass = password, clientAddress = "198.51.100.1") {
  const result = await callRoute(login.action, "/admin/login", {
    form: { username: user, password: pass, redirectTo: "/admin/settings" },
    clientAddress,
  });
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/settings");
  const cookie = response.headers.get("Set-Cookie")!;
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Lax/);
  expect(cookie).not.toMatch(/Secure/);
  return cookie.split(";")[0]!;
}

/** Runs the admin layout's middleware like React Router does before any admin loader. */
async function runGuard(pathname: string, headers: Record<string, string> = {}) {
  const context = makeContext();
  const request = makeRequest(pathname, { headers });
  try {
    await layout.middleware[0]!(
      {
        request,
        context,
        params: {},
        pattern: new URL(request.url).pathname,
        url: new URL(request.url),
      } as never,
      async () => new Response(),
    );
    return { admin: context.get(adminContext) };
  } catch (thrown) {
    return { redirect: thrown as Response };
  }
}

describe("admin sign-in form", () => {
  it("signs in, sets an httpOnly SameSite=Lax cookie and returns to the page asked for", async () => {
    const cookie = await signIn();
    const guarded = await runGuard("/admin/settings", { Cookie: cookie });
    expect(guarded.admin?.username).toBe(username);
  });

  it("shows 'Invalid username or password' for a wrong password or unknown user, with status 401", async () => {
    for (const form of [
      { username, password: "wrong-password" },
      { username: "nobody-here", password },
    ]) {
      const { status, data } = unwrapData(
        await callRoute(login.action, "/admin/login", {
          form,
          clientAddress: "198.51.100.2",
        }),
      );
      expect(status).toBe(401);
      expect((data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
        "Invalid username or password",
      ]);
    }
  });

  it("requires a username and a password", async () => {
    const { status, data } = unwrapData(
      await callRoute(login.action, "/admin/login", {
        form: { username: "", password: "" },
      }),
    );
    expect(status).toBe(400);
    expect((data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      username: ["Username is required"],
      password: ["Password is required"],
    });
  });

  it("never redirects to another site after sign-in", async () => {
    const result = (await callRoute(login.action, "/admin/login", {
      form: { username, password, redirectTo: "//evil.example/steal" },
      clientAddress: "198.51.100.3",
    })) as Response;
    expect(result.headers.get("Location")).toBe("/admin");
  });

  it("sends an already signed-in visitor from /admin/login to /admin", async () => {
    const cookie = await signIn();
    const result = (await callRoute(login.loader, "/admin/login", {
      headers: { Cookie: cookie },
    })) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin");
  });

  it("marks the cookie Secure when the request arrives over HTTPS", async () => {
    const request = new Request("https://charity.example/admin/login", {
      method: "POST",
      body: new URLSearchParams({ username, password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const response = (await login.action({
      request,
      context: makeContext("198.51.100.4"),
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Set-Cookie")).toMatch(/Secure/);
  });

  it("locks out an address after repeated failures, even with the right password", async () => {
    const clientAddress = "192.0.2.99";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { status } = unwrapData(
        await callRoute(login.action, "/admin/login", {
          form: { username, password: "bad" },
          clientAddress,
        }),
      );
      expect(status).toBe(401);
    }
    const blocked = unwrapData(
      await callRoute(login.action, "/admin/login", {
        form: { username, password },
        clientAddress,
      }),
    );
    expect(blocked.status).toBe(429);
    expect(JSON.stringify(blocked.data)).toMatch(/Too many sign-in attempts/);
    // Another address is not affected.
    await signIn(username, password, "192.0.2.100");
  });
});

describe("the admin guard", () => {
  it("redirects an anonymous visitor to sign-in, remembering the page", async () => {
    const { redirect } = await runGuard("/admin/settings?edit=total_raised");
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fsettings%3Fedit%3Dtotal_raised");
  });

  it("sends /admin itself to a plain /admin/login", async () => {
    const { redirect } = await runGuard("/admin");
    expect(redirect?.headers.get("Location")).toBe("/admin/login");
  });

  it("refuses a forged or unsigned session cookie", async () => {
    const { redirect } = await runGuard("/admin", {
      Cookie: "admin_session=forged",
    });
    expect(redirect?.status).toBe(302);
  });
});

describe("logout", () => {
  it("ends the session on the server: the old cookie no longer opens /admin", async () => {
    const cookie = await signIn();
    const response = (await callRoute(logout.action, "/admin/logout", {
      method: "POST",
      headers: { Cookie: cookie },
    })) as Response;
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
    const { redirect } = await runGuard("/admin", { Cookie: cookie });
    expect(redirect?.status).toBe(302);
  });

  it("writes the sign-out into the audit trail, with the person, the address and the browser", async () => {
    const { admin } = await createTestAdmin(password);
    const cookie = await signIn(admin.username, password, "198.51.100.31");
    await callRoute(logout.action, "/admin/logout", {
      method: "POST",
      headers: { Cookie: cookie, "User-Agent": "Firefox/141" },
      clientAddress: "198.51.100.31",
    });
    expect(await lastAuditOf(admin.id)).toMatchObject({
      action: "sign-out",
      entity: "staff",
      entity_id: String(admin.id),
      actor_id: admin.id,
      summary: `${admin.username} (the admin screens)`,
      address: "198.51.100.31",
      user_agent: "Firefox/141",
    });
    // A stale cookie signs nobody out again, and writes nothing.
    const before = await auditCount();
    await callRoute(logout.action, "/admin/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(await auditCount()).toBe(before);
  });

  it("changing a password signs the admin out everywhere", async () => {
    const { admin, auth } = await createTestAdmin("first-password");
    const cookie = await signIn(admin.username, "first-password", "198.51.100.20");
    await setAdminPassword(admin.username, "second-password");
    expect((await runGuard("/admin", { Cookie: cookie })).redirect?.status).toBe(302);
    expect(
      (
        await callApi(dashboardApi.loader, "/api/admin/dashboard", {
          headers: auth,
        })
      ).status,
    ).toBe(401);
  });
});

describe("POST /api/auth/login", () => {
  it("returns a bearer token that opens the admin API", async () => {
    const { status, body } = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username, password },
      clientAddress: "198.51.100.30",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: "bearer", admin: { username } });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(typeof body.admin.id).toBe("number");

    const dashboard = await callApi(dashboardApi.loader, "/api/admin/dashboard", {
      headers: { Authorization: `Bearer ${body.access_token}` },
    });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toEqual({
      donations: { total_amount: 0, total_donors: 0, top_donor: null },
      content: {
        events: 0,
        stories: 0,
        active_stories: 0,
        pending_testimonials: 0,
        subscriptions: 0,
      },
      volunteers: {
        total: 0,
        by_interest: expect.objectContaining({
          "Food Distribution": 0,
          Other: 0,
        }),
      },
      contacts: { total_messages: 0, pending: 0, resolved: 0 },
      applications: expect.objectContaining({
        median_days_to_decision: null,
        open_by_state: expect.arrayContaining([{ state: "submitted", label: "Submitted", count: 0 }]),
      }),
      funds: {
        zakat_balance: 0,
        overdue: null,
        policy_is_template: true,
        policy_placeholders: ['The note "THIS IS A TEMPLATE" at the top', "Administration share", "Who reviews it"],
        rates_to_confirm: expect.arrayContaining(["Zakat al-Fitr, per person"]),
      },
    });
  });

  it("stores only a hash of the token", async () => {
    const { body } = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username, password },
      clientAddress: "198.51.100.31",
    });
    const rows = await getDb().selectFrom("api_tokens").select("token_hash").execute();
    expect(rows.some((row) => row.token_hash === body.access_token)).toBe(false);
  });

  it("answers 401 {detail: 'Invalid username or password'}, even with a stale token attached", async () => {
    const result = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username, password: "nope" },
      headers: { Authorization: "Bearer expired-token" },
      clientAddress: "198.51.100.32",
    });
    expect(result).toMatchObject({
      status: 401,
      body: { detail: "Invalid username or password" },
    });
  });

  it("answers 422 for missing fields and 405 for GET", async () => {
    const missing = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username },
    });
    expect(missing.status).toBe(422);
    expect((await callApi(apiLogin.loader, "/api/auth/login")).status).toBe(405);
  });

  it("expired tokens stop working", async () => {
    const { auth } = await createTestAdmin();
    await sql`update api_tokens set expires_at = '2000-01-01T00:00:00.000Z'`.execute(getDb());
    const put = await callApi(settingApi.action, "/api/settings/meals_provided", {
      method: "PUT",
      body: { value: "1" },
      headers: auth,
      params: { key: "meals_provided" },
    });
    expect(put.status).toBe(401);
  });

  it("logout revokes the token", async () => {
    const { auth } = await createTestAdmin();
    const out = await callRoute(apiLogout.action, "/api/auth/logout", {
      method: "POST",
      headers: auth,
    });
    expect((out as Response).status).toBe(204);
    expect(
      (
        await callApi(dashboardApi.loader, "/api/admin/dashboard", {
          headers: auth,
        })
      ).status,
    ).toBe(401);
  });

  it("logout writes the sign-out into the audit trail; a token that is no longer one writes nothing", async () => {
    const { admin, auth } = await createTestAdmin();
    await callRoute(apiLogout.action, "/api/auth/logout", {
      method: "POST",
      headers: auth,
      clientAddress: "203.0.113.44",
    });
    expect(await lastAuditOf(admin.id)).toMatchObject({
      action: "sign-out",
      entity: "staff",
      actor_id: admin.id,
      summary: `${admin.username} (the API)`,
      address: "203.0.113.44",
    });
    const before = await auditCount();
    const again = await callRoute(apiLogout.action, "/api/auth/logout", { method: "POST", headers: auth });
    expect((again as Response).status).toBe(204);
    expect(await auditCount()).toBe(before);
  });
});

describe("session-authenticated API writes", () => {
  it("accept same-origin requests and refuse cross-site ones (CSRF)", async () => {
    const cookie = await signIn(username, password, "198.51.100.40");
    const put = (headers: Record<string, string>) =>
      callApi(settingApi.action, "/api/settings/meals_provided", {
        method: "PUT",
        body: { value: "77" },
        headers: { Cookie: cookie, ...headers },
        params: { key: "meals_provided" },
      });
    expect((await put({ Origin: "http://localhost:3000" })).status).toBe(200);
    expect(await put({ Origin: "https://evil.example" })).toMatchObject({
      status: 403,
      body: { detail: "Cross-site request refused" },
    });
    expect((await put({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });
});

describe("first admin", () => {
  it("is not created again once an admin exists", async () => {
    expect(await ensureFirstAdmin("someone", "some-password")).toEqual({
      created: false,
    });
  });
});

describe("sign-in rate limit under parallel guessing", () => {
  it("refuses most of a burst of simultaneous wrong guesses", async () => {
    const clientAddress = "192.0.2.150";
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        callRoute(login.action, "/admin/login", {
          form: { username, password: "guess" },
          clientAddress,
        }).then((r) => unwrapData(r).status),
      ),
    );
    expect(results.filter((status) => status === 401)).toHaveLength(5);
    expect(results.filter((status) => status === 429)).toHaveLength(7);
  });
});
