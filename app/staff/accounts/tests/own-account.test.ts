import { describe, expect, it, vi } from "vitest";
import { getDb } from "~/lib/db.server";
import type { Admin } from "~/staff/accounts";
import { signInAdmin } from "~/staff/accounts/index.server";
import * as login from "~/staff/sign-in/routes/admin-login";
import * as apiLogin from "~/staff/sign-in/routes/api-auth-login";
import * as account from "../routes/admin-account";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext, unwrapData } from "../../../../tests/support/routes";

/**
 * "Your details" (/admin/account): each person keeps their own name and email and changes
 * their own password while signed in, as they would on the page.
 */

const PASSWORD = "a-strong-password";
vi.setConfig({ testTimeout: 30_000 });
let address = 0;
const nextAddress = () => `198.51.100.${(address += 1)}`;

async function newPerson(): Promise<Admin> {
  const { admin } = await createTestAdmin(PASSWORD, ["editor"]);
  const email = `${admin.username}@example.org`;
  await getDb().updateTable("admins").set({ email, name: "Amina Yusuf" }).where("id", "=", admin.id).execute();
  return { ...admin, email, name: "Amina Yusuf" };
}

async function signedIn(admin: Admin, where: string): Promise<string> {
  const response = (await callRoute(login.action, "/admin/login", {
    form: { username: admin.username, password: PASSWORD, redirectTo: "/admin" },
    clientAddress: where,
  })) as Response;
  expect(response.headers.get("Location")).toBe("/admin");
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

function send(admin: Admin, form: Record<string, string>, cookie: string, where: string) {
  return callRoute(account.action, "/admin/account", {
    form,
    headers: { Cookie: cookie },
    context: makeContext(where, admin),
  });
}

const mailTo = (to: string, kind: string) =>
  getDb()
    .selectFrom("outbound_mail")
    .select(["subject", "text_body"])
    .where("to_address", "=", to)
    .where("kind", "=", kind)
    .execute();

const auditOf = (admin: Admin, action: string) =>
  getDb()
    .selectFrom("audit_entries")
    .select(["actor_id", "summary", "changes"])
    .where("entity", "=", "staff")
    .where("entity_id", "=", String(admin.id))
    .where("action", "=", action)
    .execute();

async function stored(admin: Admin) {
  return getDb().selectFrom("admins").select(["name", "email"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
}

describe("your name and email", () => {
  it("saves a new name and email, tells the old address once, and the trail keeps before and after", async () => {
    const admin = await newPerson();
    const where = nextAddress();
    const cookie = await signedIn(admin, where);
    const saved = (await send(
      admin,
      { intent: "details", name: "Amina Y. Yusuf", email: "Amina.New@Example.org" },
      cookie,
      where,
    )) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/account?done=details");
    expect(await stored(admin)).toEqual({ name: "Amina Y. Yusuf", email: "amina.new@example.org" });

    const told = await mailTo(admin.email, "staff-email-changed");
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toContain("amina.new@example.org");
    const [entry] = await auditOf(admin, "update");
    expect(JSON.parse(entry!.changes)).toEqual({
      name: ["Amina Yusuf", "Amina Y. Yusuf"],
      email: [admin.email, "amina.new@example.org"],
    });
  });

  it("asks for the password again for a new email after 10 minutes, and brings back what was typed", async () => {
    const admin = await newPerson();
    // No session cookie: the password was never given in this browser.
    const asked = (await send(
      admin,
      { intent: "details", name: "Amina", email: "new@example.org" },
      "",
      nextAddress(),
    )) as Response;
    expect(asked.status).toBe(302);
    const back = new URL(asked.headers.get("Location")!, "http://localhost").searchParams.get("redirectTo")!;
    expect(back).toBe("/admin/account?name=Amina&email=new%40example.org");
    expect(await stored(admin)).toEqual({ name: "Amina Yusuf", email: admin.email });

    const page = await callRoute(account.loader, back, { context: makeContext("203.0.113.7", admin) });
    expect((page as Awaited<ReturnType<typeof account.loader>>).typed).toEqual({
      name: "Amina",
      email: "new@example.org",
    });

    // A new name alone is no weighty change: it is saved without the password.
    const renamed = (await send(
      admin,
      { intent: "details", name: "Amina", email: admin.email },
      "",
      nextAddress(),
    )) as Response;
    expect(renamed.headers.get("Location")).toBe("/admin/account?done=details");
    expect(await stored(admin)).toEqual({ name: "Amina", email: admin.email });
  });

  it("refuses an email someone else on the staff has, and an empty name, keeping what was typed", async () => {
    const admin = await newPerson();
    const other = await newPerson();
    const where = nextAddress();
    const cookie = await signedIn(admin, where);
    const taken = unwrapData(
      await send(admin, { intent: "details", name: "Amina", email: other.email.toUpperCase() }, cookie, where),
    );
    expect(taken.status).toBe(400);
    const result = (taken.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(result.error.email).toEqual(["Someone on the staff already has this email address"]);
    expect(result.initialValue).toMatchObject({ name: "Amina", email: other.email.toUpperCase() });

    const empty = unwrapData(await send(admin, { intent: "details", name: " ", email: admin.email }, cookie, where));
    expect(empty.status).toBe(400);
    expect(await stored(admin)).toEqual({ name: "Amina Yusuf", email: admin.email });
  });
});

describe("changing your password", () => {
  it("checks the current one, ends every other session and token, keeps this browser signed in, and mails once", async () => {
    const admin = await newPerson();
    const where = nextAddress();
    const cookie = await signedIn(admin, where);
    const elsewhere = await signedIn(admin, nextAddress());
    const countSessions = async () =>
      (await getDb().selectFrom("admin_sessions").select("id").where("admin_id", "=", admin.id).execute()).length;
    expect(await countSessions()).toBe(2);
    const token = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username: admin.username, password: PASSWORD },
    });
    expect(token.status).toBe(200);

    const wrong = unwrapData(
      await send(
        admin,
        { intent: "password", current_password: "not-it", password: "a-new-password", confirm: "a-new-password" },
        cookie,
        where,
      ),
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("That is not your current password");
    expect(JSON.stringify(wrong.data)).not.toContain("a-new-password");
    const mismatch = unwrapData(
      await send(
        admin,
        { intent: "password", current_password: PASSWORD, password: "a-new-password", confirm: "another" },
        cookie,
        where,
      ),
    );
    expect(mismatch.status).toBe(400);
    await expect(signInAdmin(admin.username, PASSWORD, where)).resolves.toMatchObject({ id: admin.id });

    const changed = (await send(
      admin,
      { intent: "password", current_password: PASSWORD, password: "a-new-password", confirm: "a-new-password" },
      cookie,
      where,
    )) as Response;
    expect(changed.headers.get("Location")).toBe("/admin/account?done=password");
    const fresh = changed.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(fresh).not.toBe(cookie);

    // Both sessions ended with the old password; the one left is this browser's new one.
    expect(await countSessions()).toBe(1);
    expect(elsewhere).not.toBe(fresh);
    const tokens = await getDb()
      .selectFrom("api_tokens")
      .select("token_hash")
      .where("admin_id", "=", admin.id)
      .execute();
    expect(tokens).toEqual([]);

    await expect(signInAdmin(admin.username, PASSWORD, where)).rejects.toThrow();
    await expect(signInAdmin(admin.username, "a-new-password", where)).resolves.toMatchObject({ id: admin.id });
    expect(await mailTo(admin.email, "staff-password-changed")).toHaveLength(1);
    const entries = await auditOf(admin, "password-changed");
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain("a-new-password");
  });
});
