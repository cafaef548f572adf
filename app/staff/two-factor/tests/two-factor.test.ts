import { generate } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/lib/db.server";
import { adminContext } from "~/lib/request-context";
import type { Admin } from "~/staff/accounts";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as apiAccess from "~/staff/access/routes/api-access";
import * as login from "~/staff/sign-in/routes/admin-login";
import * as apiLogin from "~/staff/sign-in/routes/api-auth-login";
import * as settingsScreen from "~/content/settings/routes/admin-settings";
import * as settingApi from "~/content/settings/routes/api-setting";
import * as security from "../routes/admin-security";
import * as confirmPassword from "../routes/admin-confirm-password";
import { ensureDefaultSettings } from "~/content/settings/index.server";
import { requireRecentPassword } from "~/staff/two-factor/index.server";
import { createPersonalToken } from "~/staff/sign-in/server/api-tokens.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import {
  callApi,
  callRoute,
  expectLoggedError,
  makeContext,
  makeRequest,
  unwrapData,
} from "../../../../tests/support/routes";

const PASSWORD = "a-strong-password";
// Each test signs in several times, and every password check is a slow scrypt on purpose.
vi.setConfig({ testTimeout: 30_000 });
let address = 0;
/** Each test its own address, so that one test's attempts never count against another's. */
const nextAddress = () => `198.51.100.${(address += 1)}`;

beforeEach(async () => {
  // Only the clock: codes, the ten minutes and the pending sign-in's five follow it.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  await ensureDefaultSettings();
});
afterEach(async () => {
  vi.useRealTimers();
  await getDb().updateTable("settings").set({ value: "false" }).where("key", "=", "require_two_factor").execute();
});

/** A code computed by the real TOTP library, `steps` 30-second steps from now. */
function codeFor(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function newPerson(roles: Admin["roles"] = ["editor"]) {
  const { admin } = await createTestAdmin(PASSWORD, roles);
  const email = `${admin.username}@example.org`;
  await getDb().updateTable("admins").set({ email, name: "Amina Yusuf" }).where("id", "=", admin.id).execute();
  return { ...admin, email, name: "Amina Yusuf" } satisfies Admin;
}

/** Signs in through the form's first step; answers the response. */
function passwordStep(admin: Admin, clientAddress: string, redirectTo = "/admin/stories") {
  return callRoute(login.action, "/admin/login", {
    form: { username: admin.username, password: PASSWORD, redirectTo },
    clientAddress,
  }) as Promise<Response>;
}

const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

/** A signed-in session cookie for a person without two-factor. */
async function sessionCookie(admin: Admin, clientAddress: string): Promise<string> {
  const response = await passwordStep(admin, clientAddress);
  expect(response.headers.get("Location")).toBe("/admin/stories");
  return cookieOf(response);
}

/** Calls the Security page's action as the admin layout would, as this person with this cookie. */
function securityAction(admin: Admin, form: Record<string, string>, cookie = "", clientAddress = "203.0.113.7") {
  return callRoute(security.action, "/admin/security", {
    form,
    headers: cookie ? { Cookie: cookie } : {},
    context: makeContext(clientAddress, admin),
  });
}

function securityPage(admin: Admin) {
  return callRoute(security.loader, "/admin/security", { context: makeContext("203.0.113.7", admin) }) as ReturnType<
    typeof security.loader
  >;
}

/**
 * Turns on the authenticator app as the person would; answers the secret, the ten recovery codes
 * and the session's cookie as renewed.
 */
async function turnOn(admin: Admin, cookie = "") {
  const begun = (await securityAction(admin, { intent: "begin" }, cookie)) as Response;
  expect(begun.headers.get("Location")).toBe("/admin/security");
  const page = await securityPage(admin);
  const secret = page.setup!.secret;
  const confirmed = unwrapData(await securityAction(admin, { intent: "confirm", code: await codeFor(secret) }, cookie));
  const codes = (confirmed.data as { codes: string[] }).codes;
  // Turning it on gives the session a new id: the cookie to go on with.
  const renewed = new Headers(confirmed.headers).get("Set-Cookie")?.split(";")[0];
  return { secret, codes, page, cookie: renewed ?? cookie };
}

/** Runs the admin layout's guard for a page, as React Router does before its loader. */
async function guard(pathname: string, cookie: string) {
  const context = makeContext();
  const request = makeRequest(pathname, { headers: { Cookie: cookie } });
  try {
    await layout.middleware[0]!(
      { request, context, params: {}, pattern: new URL(request.url).pathname, url: new URL(request.url) } as never,
      async () => new Response("page"),
    );
    return { admin: context.get(adminContext) };
  } catch (thrown) {
    return { refused: thrown as Response };
  }
}

async function auditActions(adminId: number): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("audit_entries")
    .select("action")
    .where("entity", "=", "staff")
    .where("entity_id", "=", String(adminId))
    // Sign-ins by password are recorded by the sign-in itself; these tests are about the factors.
    .where("action", "not in", ["sign-in", "sign-in-failed", "reauthenticate", "reauthenticate-failed"])
    .orderBy("id")
    .execute();
  return rows.map((row) => row.action);
}

describe("turning on an authenticator app (/admin/security)", () => {
  it("shows a QR code drawn on the server, the secret as text and its otpauth:// address; a first code turns it on and shows ten recovery codes once", async () => {
    const admin = await newPerson();
    expect((await securityPage(admin)).status).toMatchObject({ enabled: false, pendingSetup: false });

    await securityAction(admin, { intent: "begin" });
    const page = await securityPage(admin);
    expect(page.setup!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(page.setup!.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect(page.setup!.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(page.setup!.uri).toContain(`secret=${page.setup!.secret}`);
    expect(page.setup!.uri).toContain(encodeURIComponent(admin.email));
    // Not yet in force: a password alone still signs in.
    expect((await passwordStep(admin, nextAddress())).headers.get("Location")).toBe("/admin/stories");

    const wrong = unwrapData(await securityAction(admin, { intent: "confirm", code: "000000" }));
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("That code is not right");

    const confirmed = unwrapData(
      await securityAction(admin, { intent: "confirm", code: await codeFor(page.setup!.secret) }),
    );
    expect(confirmed.status).toBe(200);
    const codes = (confirmed.data as { codes: string[] }).codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);

    const after = await securityPage(admin);
    expect(after.status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Shown once: the page never shows the codes or the secret again.
    expect(JSON.stringify(after)).not.toContain(codes[0]);
    expect(after.setup).toBeNull();
    expect(await auditActions(admin.id)).toEqual(["two-factor-failed", "two-factor-on"]);
  });

  it("keeps the secret encrypted and the recovery codes only hashed", async () => {
    const admin = await newPerson();
    const { secret, codes } = await turnOn(admin);
    const row = await getDb()
      .selectFrom("admin_two_factor")
      .selectAll()
      .where("admin_id", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(secret);
    expect(row.secret_encrypted.split(".")).toHaveLength(3);
    expect(row.enabled_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const stored = await getDb()
      .selectFrom("admin_recovery_codes")
      .select("code_hash")
      .where("admin_id", "=", admin.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) {
      expect(stored.map((r) => r.code_hash).join()).not.toContain(code.replace("-", ""));
    }
  });

  it("refuses to begin again once it is on (409) and an unknown intent (400)", async () => {
    const admin = await newPerson();
    await turnOn(admin);
    const again = unwrapData(await securityAction(admin, { intent: "confirm", code: "123456" }));
    expect(again.status).toBe(409);
    expect(unwrapData(await securityAction(admin, { intent: "explode" })).status).toBe(400);
  });
});

describe("signing in with two-factor on: the form", () => {
  it("asks for the code after a correct password, grants nothing until it is given, then signs in", async () => {
    const admin = await newPerson();
    const { secret } = await turnOn(admin);
    const where = nextAddress();

    const first = await passwordStep(admin, where);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin/login?step=code&redirectTo=%2Fadmin%2Fstories");
    const pending = cookieOf(first);
    expect(pending).toMatch(/^admin_sign_in_pending=/);
    expect(first.headers.get("Set-Cookie")).not.toMatch(/admin_session=/);
    // The pending cookie is no session: the admin area still sends the browser to sign in.
    const refused = await guard("/admin/stories", pending);
    expect(refused.refused?.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await callRoute(login.loader, "/admin/login?step=code", { headers: { Cookie: pending } })).toEqual({
      step: "code",
      factors: { app: true, passkey: false },
      notice: null,
    });

    const wrong = unwrapData(
      await callRoute(login.action, "/admin/login?step=code", {
        form: { intent: "code", code: "000000", redirectTo: "/admin/stories" },
        headers: { Cookie: pending },
        clientAddress: where,
      }),
    );
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.data)).toContain("That code is not right");

    const code = await codeFor(secret, 1);
    const signedIn = (await callRoute(login.action, "/admin/login?step=code", {
      form: { intent: "code", code, redirectTo: "/admin/stories" },
      headers: { Cookie: pending },
      clientAddress: where,
    })) as Response;
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/stories");
    const cookies = signedIn.headers.getSetCookie();
    expect(cookies.some((c) => /^admin_sign_in_pending=;/.test(c))).toBe(true);
    const session = cookies.find((c) => c.startsWith("admin_session="))!.split(";")[0]!;
    expect((await guard("/admin/stories", session)).admin?.id).toBe(admin.id);

    // The same code in a second sign-in: refused, its time-step is used.
    const second = await passwordStep(admin, where);
    const replay = unwrapData(
      await callRoute(login.action, "/admin/login?step=code", {
        form: { intent: "code", code, redirectTo: "/admin/stories" },
        headers: { Cookie: cookieOf(second) },
        clientAddress: where,
      }),
    );
    expect(replay.status).toBe(401);
  });

  it("sends a browser back to the password when the pending sign-in has expired or never was", async () => {
    const admin = await newPerson();
    const { secret } = await turnOn(admin);
    const where = nextAddress();
    const pending = cookieOf(await passwordStep(admin, where));
    vi.setSystemTime(Date.now() + 6 * 60 * 1000);
    for (const headers of [{ Cookie: pending }, {}] as Record<string, string>[]) {
      const late = unwrapData(
        await callRoute(login.action, "/admin/login?step=code", {
          form: { intent: "code", code: await codeFor(secret) },
          headers,
          clientAddress: where,
        }),
      );
      expect(late.status).toBe(401);
      expect(late.data).toMatchObject({ step: "password" });
      expect(JSON.stringify(late.data)).toContain("Your sign-in took too long");
    }
    expect(await callRoute(login.loader, "/admin/login?step=code", { headers: { Cookie: pending } })).toEqual({
      step: "password",
      factors: null,
      notice: null,
    });
  });

  it("accepts a recovery code once, and records the sign-in with it", async () => {
    const admin = await newPerson();
    const { codes } = await turnOn(admin);
    const where = nextAddress();
    const use = async () =>
      callRoute(login.action, "/admin/login?step=code", {
        form: { intent: "code", code: ` ${codes[3]!.toUpperCase()} `, redirectTo: "/admin/stories" },
        headers: { Cookie: cookieOf(await passwordStep(admin, where)) },
        clientAddress: where,
      });
    const first = (await use()) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin/stories");
    expect(unwrapData(await use()).status).toBe(401);
    expect((await securityPage(admin)).status.recoveryCodesLeft).toBe(9);
    expect(await auditActions(admin.id)).toContain("sign-in-recovery-code");
  });

  it("limits codes like passwords: after five wrong codes even the right one waits (429)", async () => {
    const admin = await newPerson();
    const { secret } = await turnOn(admin);
    const where = nextAddress();
    const pending = { Cookie: cookieOf(await passwordStep(admin, where)) };
    for (let i = 0; i < 5; i += 1) {
      const wrong = unwrapData(
        await callRoute(login.action, "/admin/login?step=code", {
          form: { intent: "code", code: "999999" },
          headers: pending,
          clientAddress: where,
        }),
      );
      expect(wrong.status).toBe(401);
    }
    const limited = unwrapData(
      await callRoute(login.action, "/admin/login?step=code", {
        form: { intent: "code", code: await codeFor(secret, 1) },
        headers: pending,
        clientAddress: where,
      }),
    );
    expect(limited.status).toBe(429);
    expect(JSON.stringify(limited.data)).toContain("Too many codes tried");
    // The API shares the count: a right password and code still wait.
    const api = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username: admin.username, password: PASSWORD, otp: await codeFor(secret, 1) },
      clientAddress: nextAddress(),
    });
    expect(api.status).toBe(429);
    expect((await auditActions(admin.id)).filter((action) => action === "two-factor-failed")).toHaveLength(5);
  });
});

describe("POST /api/auth/login with two-factor on", () => {
  it("answers 401 {detail, two_factor_required} to a password alone, and a token to password + otp", async () => {
    const admin = await newPerson();
    const { secret, codes } = await turnOn(admin);
    const where = nextAddress();
    const post = (body: Record<string, unknown>) =>
      callApi(apiLogin.action, "/api/auth/login", { body: { username: admin.username, password: PASSWORD, ...body } });

    const alone = await post({});
    expect(alone.status).toBe(401);
    expect(alone.body).toEqual({
      detail:
        "Two-factor sign-in is on for this account: give the 6-digit code from your authenticator app (or a recovery code).",
      two_factor_required: true,
    });
    expect(alone.body.access_token).toBeUndefined();

    const wrong = await post({ otp: "000000" });
    expect(wrong).toMatchObject({ status: 401, body: { two_factor_required: true } });
    expect(wrong.body.detail).toContain("That code is not right");
    const signIns = async () =>
      (
        await getDb()
          .selectFrom("audit_entries")
          .select("summary")
          .where("entity", "=", "staff")
          .where("entity_id", "=", String(admin.id))
          .where("action", "=", "sign-in")
          .execute()
      ).map((entry) => entry.summary);
    // A password alone, or with a wrong code, granted nothing: the trail writes no sign-in.
    expect(await signIns()).toEqual([]);

    // A wrong password with a right code is still a wrong password.
    const badPassword = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username: admin.username, password: "not-it", otp: await codeFor(secret, 1) },
      clientAddress: where,
    });
    expect(badPassword).toMatchObject({ status: 401, body: { detail: "Invalid username or password" } });

    const otp = await codeFor(secret, 1);
    const ok = await post({ otp });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: "bearer", admin: { id: admin.id, username: admin.username } });
    expect(typeof ok.body.access_token).toBe("string");
    expect(await signIns()).toEqual([`${admin.username} signed in to the API with the password and a code`]);

    // Replayed: the same code is refused.
    expect((await post({ otp })).status).toBe(401);

    // A recovery code signs in once through the API too.
    expect((await post({ otp: codes[0] })).status).toBe(200);
    expect((await post({ otp: codes[0] })).status).toBe(401);
  });

  it("still lets a person in with a recovery code when their secret cannot be opened (SESSION_SECRET changed)", async () => {
    const admin = await newPerson();
    const { secret, codes } = await turnOn(admin);
    await getDb()
      .updateTable("admin_two_factor")
      .set({ secret_encrypted: "AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA" })
      .where("admin_id", "=", admin.id)
      .execute();
    const post = (otp: string) =>
      callApi(apiLogin.action, "/api/auth/login", { body: { username: admin.username, password: PASSWORD, otp } });
    expect((await post(await codeFor(secret, 1))).status).toBe(401);
    expectLoggedError(/could not be decrypted/);
    expect((await post(codes[9]!)).status).toBe(200);
  });

  it("refuses an otp that is not text or a number with 422 and field errors", async () => {
    const admin = await newPerson();
    const bad = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username: admin.username, password: PASSWORD, otp: { code: 1 } },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("otp");
  });

  it("still signs in with a password alone for a person without two-factor", async () => {
    const admin = await newPerson();
    const ok = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username: admin.username, password: PASSWORD },
    });
    expect(ok.status).toBe(200);
  });
});

describe("turning two-factor off and new recovery codes ask for the password again after 10 minutes", () => {
  it("asks to confirm the password, then turns it off, mails the person once and audits it", async () => {
    const admin = await newPerson();
    const where = nextAddress();
    const { cookie } = await turnOn(admin, await sessionCookie(admin, where));

    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const asked = (await securityAction(admin, { intent: "turn-off" }, cookie)) as Response;
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/admin/security/confirm-password?redirectTo=%2Fadmin%2Fsecurity");
    expect((await securityPage(admin)).status.enabled).toBe(true);

    const confirm = (password: string) =>
      callRoute(confirmPassword.action, "/admin/security/confirm-password", {
        form: { password, redirectTo: "/admin/security" },
        headers: { Cookie: cookie },
        context: makeContext(where, admin),
      });
    const wrong = unwrapData(await confirm("not-my-password"));
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.data)).toContain("That password is not right.");
    const empty = unwrapData(await confirm(""));
    expect(empty.status).toBe(400);

    const confirmed = (await confirm(PASSWORD)) as Response;
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/admin/security");

    const off = (await securityAction(admin, { intent: "turn-off" }, cookie)) as Response;
    expect(off.headers.get("Location")).toBe("/admin/security?done=off");
    const renewed = cookieOf(off);
    expect((await securityPage(admin)).status).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect((await securityPage(admin)).notice).toBeNull();

    const mail = await getDb()
      .selectFrom("outbound_mail")
      .select(["to_address", "subject", "text_body"])
      .where("kind", "=", "two-factor-off")
      .where("to_address", "=", admin.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Two-factor sign-in was turned off");
    expect(mail[0]!.text_body).toContain(admin.username);
    // Turning off what is already off sends nothing more.
    await securityAction(admin, { intent: "turn-off" }, renewed);
    expect(
      await getDb().selectFrom("outbound_mail").select("id").where("to_address", "=", admin.email).execute(),
    ).toHaveLength(1);

    expect(await auditActions(admin.id)).toEqual(["two-factor-on", "two-factor-off"]);
    // And a password alone signs in again.
    expect((await passwordStep(admin, where)).headers.get("Location")).toBe("/admin/stories");
  });

  it("cancels only a setup never confirmed: 'cancel' on an app that is on, with a stale password, leaves it on", async () => {
    const admin = await newPerson();
    const where = nextAddress();
    const { cookie } = await turnOn(admin, await sessionCookie(admin, where));

    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const cancelled = (await securityAction(admin, { intent: "cancel-setup" }, cookie)) as Response;
    expect(cancelled.headers.get("Location")).toBe("/admin/security?done=cancelled");
    expect((await securityPage(admin)).status.enabled).toBe(true);
    expect(
      await getDb()
        .selectFrom("outbound_mail")
        .select("id")
        .where("kind", "=", "two-factor-off")
        .where("to_address", "=", admin.email)
        .execute(),
    ).toEqual([]);
    expect(await auditActions(admin.id)).toEqual(["two-factor-on"]);

    // A setup begun and left is what cancel drops.
    const other = await newPerson();
    await securityAction(other, { intent: "begin" });
    expect((await securityPage(other)).setup).toBeTruthy();
    await securityAction(other, { intent: "cancel-setup" });
    expect((await securityPage(other)).setup).toBeFalsy();
  });

  it("with a passkey kept, turning the app off leaves two-factor on, and the page and the mail say so", async () => {
    const admin = await newPerson();
    const where = nextAddress();
    const { cookie } = await turnOn(admin, await sessionCookie(admin, where));
    // A passkey of the person's (staff/passkeys checks its ceremonies; here only its row matters).
    await getDb()
      .insertInto("admin_passkeys")
      .values({ admin_id: admin.id, credential_id: `test-${admin.id}`, public_key: "none", name: "Work laptop" })
      .execute();
    expect((await securityPage(admin)).factors).toEqual({ app: true, passkey: true });

    const off = (await securityAction(admin, { intent: "turn-off" }, cookie)) as Response;
    expect(off.headers.get("Location")).toBe("/admin/security?done=off");
    expect((await securityPage(admin)).factors).toEqual({ app: false, passkey: true });
    const mail = await getDb()
      .selectFrom("outbound_mail")
      .select("text_body")
      .where("kind", "=", "two-factor-off")
      .where("to_address", "=", admin.email)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Your passkeys remain your second factor after the password.");
    expect(mail.text_body).not.toContain("your password alone signs you in");
    // The password alone still grants nothing: the second step asks for the passkey.
    expect((await passwordStep(admin, where)).headers.get("Location")).toBe(
      "/admin/login?step=code&redirectTo=%2Fadmin%2Fstories",
    );
  });

  it("gives new recovery codes (the old ones stop working) only with a recent password", async () => {
    const admin = await newPerson();
    const where = nextAddress();
    const { codes: old, cookie } = await turnOn(admin, await sessionCookie(admin, where));

    const fresh = unwrapData(await securityAction(admin, { intent: "regenerate" }, cookie));
    const codes = (fresh.data as { codes: string[] }).codes;
    const renewed = new Headers(fresh.headers).get("Set-Cookie")!.split(";")[0]!;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(old[0]);
    const api = (otp: string) =>
      callApi(apiLogin.action, "/api/auth/login", { body: { username: admin.username, password: PASSWORD, otp } });
    expect((await api(old[0]!)).status).toBe(401);
    expect((await api(codes[0]!)).status).toBe(200);
    expect(await auditActions(admin.id)).toContain("recovery-codes-regenerated");

    // The session's note of the password, made stale as 11 minutes would make it.
    const sessions = await getDb()
      .selectFrom("admin_sessions")
      .select(["id", "data"])
      .where("admin_id", "=", admin.id)
      .execute();
    for (const session of sessions) {
      const data = {
        ...JSON.parse(session.data),
        reauthenticated_at: new Date(Date.now() - 11 * 60_000).toISOString(),
      };
      await getDb()
        .updateTable("admin_sessions")
        .set({ data: JSON.stringify(data) })
        .where("id", "=", session.id)
        .execute();
    }
    const asked = (await securityAction(admin, { intent: "regenerate" }, renewed)) as Response;
    expect(asked.headers.get("Location")).toMatch(/^\/admin\/security\/confirm-password\?/);
  });
});

describe("requireRecentPassword, for other slices' weighty changes", () => {
  const ask = async (pathname: string, headers: Record<string, string>) => {
    try {
      await requireRecentPassword(makeRequest(pathname, { headers }), new URL(pathname, "http://localhost:3000"));
      return "passed";
    } catch (thrown) {
      return thrown as Response;
    }
  };

  it("passes within 10 minutes of the password, then sends a screen to confirm it and answers an API call 403", async () => {
    const admin = await newPerson(["owner"]);
    const cookie = await sessionCookie(admin, nextAddress());
    const token = (
      await callApi(apiLogin.action, "/api/auth/login", { body: { username: admin.username, password: PASSWORD } })
    ).body.access_token as string;
    expect(await ask("/admin/settings?tab=staff", { Cookie: cookie })).toBe("passed");

    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const screen = (await ask("/admin/settings?tab=staff", { Cookie: cookie })) as Response;
    expect(screen.status).toBe(302);
    expect(screen.headers.get("Location")).toBe(
      "/admin/security/confirm-password?redirectTo=%2Fadmin%2Fsettings%3Ftab%3Dstaff",
    );
    const api = (await ask("/api/staff/1", { Authorization: `Bearer ${token}` })) as Response;
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({
      detail: "Confirm your password first: it was last given more than 10 minutes ago.",
      reauthentication_required: true,
    });
    // Signed out: never "recent".
    expect(((await ask("/admin/settings", {})) as Response).status).toBe(302);
  });

  it("never counts a personal token as a password given, even one made a moment ago", async () => {
    const admin = await newPerson(["owner"]);
    const { token } = await createPersonalToken(admin, { name: "Reports script", lifetime: "90" });
    for (const pathname of ["/api/staff/1", "/admin/donations/export"]) {
      const refused = (await ask(pathname, { Authorization: `Bearer ${token}` })) as Response;
      expect(refused.status, pathname).toBe(403);
      expect(await refused.json()).toMatchObject({ reauthentication_required: true });
    }
  });
});

describe("the owner's setting: Require two-factor for all staff", () => {
  it("is saved on the Settings screen, audited, and then leads a person without two-factor to /admin/security", async () => {
    const owner = await newPerson(["owner"]);
    const saved = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { intent: "staff", require_two_factor: "on" },
      context: makeContext("203.0.113.9", owner),
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=staff");
    const screen = await callRoute(settingsScreen.loader, "/admin/settings?saved=staff", {
      context: makeContext("203.0.113.9", owner),
    });
    expect(screen).toMatchObject({ requireTwoFactor: true, staffSaved: true });
    const audit = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "summary"])
      .where("entity", "=", "setting")
      .where("entity_id", "=", "require_two_factor")
      .execute();
    expect(audit.at(-1)).toEqual({ action: "update", summary: "Require two-factor for all staff: on" });

    const editor = await newPerson();
    const where = nextAddress();
    const cookie = await sessionCookie(editor, where);
    const led = await guard("/admin/stories", cookie);
    expect(led.refused?.status).toBe(302);
    expect(led.refused?.headers.get("Location")).toBe("/admin/security");
    expect((await guard("/admin", cookie)).refused?.headers.get("Location")).toBe("/admin/security");
    // The Security page and its password confirmation stay reachable.
    expect((await guard("/admin/security", cookie)).admin?.id).toBe(editor.id);
    expect((await guard("/admin/security/confirm-password", cookie)).admin?.id).toBe(editor.id);
    // A passkey is a second factor too: its page and ceremony are open to set one up.
    expect((await guard("/admin/passkeys", cookie)).admin?.id).toBe(editor.id);
    expect((await guard("/admin/passkeys/options", cookie)).admin?.id).toBe(editor.id);
    expect((await guard("/admin/passkeysX", cookie)).refused?.headers.get("Location")).toBe("/admin/security");
    expect((await securityPage(editor)).required).toBe(true);

    // The API answers 403 {detail} until it is set up.
    const apiToken = (
      await callApi(apiLogin.action, "/api/auth/login", { body: { username: editor.username, password: PASSWORD } })
    ).body.access_token as string;
    const apiCall = async (token = apiToken) => {
      const request = makeRequest("/api/stories/", {
        method: "POST",
        body: { title: "x" },
        headers: { Authorization: `Bearer ${token}` },
      });
      try {
        return await apiAccess.middleware[0]!(
          { request, context: makeContext(), params: {}, pattern: "api/stories", url: new URL(request.url) } as never,
          async () => new Response("handled", { status: 200 }),
        );
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const refused = (await apiCall()) as Response;
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      detail: "Two-factor sign-in is required for all staff: set it up on your Security page (/admin/security) first.",
    });

    // Set up: everything works again (the API with a token made after, with the code).
    const { secret, cookie: renewed } = await turnOn(editor, cookie);
    expect((await guard("/admin/stories", renewed)).admin?.id).toBe(editor.id);
    expect((await securityPage(editor)).required).toBe(false);
    const withCode = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username: editor.username, password: PASSWORD, otp: await codeFor(secret, 1) },
    });
    expect(withCode.status).toBe(200);
    expect(((await apiCall(withCode.body.access_token as string)) as Response).status).toBe(200);
    // The token made with the password alone ended when two-factor was turned on.
    expect(((await apiCall()) as Response).status).toBe(401);
  });

  it("can be set through PUT /api/settings/require_two_factor by the setting's own rule (true or false)", async () => {
    const owner = await newPerson(["owner"]);
    const token = (
      await callApi(apiLogin.action, "/api/auth/login", { body: { username: owner.username, password: PASSWORD } })
    ).body.access_token as string;
    const put = (value: unknown) =>
      callApi(settingApi.action, "/api/settings/require_two_factor", {
        method: "PUT",
        body: { value },
        params: { key: "require_two_factor" },
        headers: { Authorization: `Bearer ${token}` },
      });
    expect((await put("maybe")).status).toBe(422);
    const on = await put(true);
    expect(on).toMatchObject({ status: 200, body: { key: "require_two_factor", value: "true" } });
  });
});

describe("a change of the person's factors renews their sessions", () => {
  const whoIs = async (cookie: string) => (await guard("/admin/stories", cookie)).admin?.id;

  it("turning the app on, new recovery codes and turning it off each give this session a new id and end the others", async () => {
    const admin = await newPerson();
    const laptop = await sessionCookie(admin, nextAddress());
    const phone = await sessionCookie(admin, nextAddress());
    const bystander = await newPerson();
    const theirs = await sessionCookie(bystander, nextAddress());

    // On: the session opened with the password alone (the phone) ends; the laptop goes on, renewed.
    const { cookie: afterOn, secret } = await turnOn(admin, laptop);
    expect(afterOn).not.toBe(laptop);
    expect(await whoIs(laptop)).toBeUndefined();
    expect(await whoIs(phone)).toBeUndefined();
    expect(await whoIs(afterOn)).toBe(admin.id);

    // Signed in again on the phone (with a code); new recovery codes on the laptop end it once more.
    const where = nextAddress();
    const step = await passwordStep(admin, where);
    const withCode = (await callRoute(login.action, "/admin/login?step=code", {
      form: { intent: "code", code: await codeFor(secret, 1), redirectTo: "/admin/stories" },
      headers: { Cookie: cookieOf(step) },
      clientAddress: where,
    })) as Response;
    const phoneAgain = withCode.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("admin_session="))!
      .split(";")[0]!;
    expect(await whoIs(phoneAgain)).toBe(admin.id);
    const regenerated = unwrapData(await securityAction(admin, { intent: "regenerate" }, afterOn));
    expect((regenerated.data as { codes: string[] }).codes).toHaveLength(10);
    const afterCodes = new Headers(regenerated.headers).get("Set-Cookie")!.split(";")[0]!;
    expect(await whoIs(afterOn)).toBeUndefined();
    expect(await whoIs(phoneAgain)).toBeUndefined();
    expect(await whoIs(afterCodes)).toBe(admin.id);

    // Off: the same again, and the renewed session still counts the password as given (no confirm page).
    const off = (await securityAction(admin, { intent: "turn-off" }, afterCodes)) as Response;
    expect(off.headers.get("Location")).toBe("/admin/security?done=off");
    const afterOff = cookieOf(off);
    expect(await whoIs(afterCodes)).toBeUndefined();
    expect(await whoIs(afterOff)).toBe(admin.id);
    expect(
      await getDb().selectFrom("admin_sessions").select("id").where("admin_id", "=", admin.id).execute(),
    ).toHaveLength(1);

    // Another person's sign-in is untouched throughout.
    expect(await whoIs(theirs)).toBe(bystander.id);
  });
});
