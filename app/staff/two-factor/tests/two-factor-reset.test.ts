import { describe, expect, it, vi } from "vitest";
import { getDb, nowIso } from "~/lib/db.server";
import * as team from "~/staff/accounts/routes/admin-team";
import * as staffApi from "~/staff/accounts/routes/api-staff-member";
import * as login from "~/staff/sign-in/routes/admin-login";
import * as resetApi from "../routes/api-staff-two-factor";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext } from "../../../../tests/support/routes";

/**
 * An owner resets the two-factor sign-in of someone who lost their phone and their recovery
 * codes: on the Team screen (behind a confirmation and the owner's recent password) and with
 * DELETE /api/staff/{id}/two-factor.
 */

vi.setConfig({ testTimeout: 30_000 });
const PASSWORD = "a-strong-password";

/** A person with an authenticator app on, a recovery code and a passkey, signed in once. */
async function lockedOutPerson() {
  const { admin } = await createTestAdmin(PASSWORD, ["finance"]);
  const email = `${admin.username}@example.org`;
  await getDb().updateTable("admins").set({ email, name: "Yusuf Ali" }).where("id", "=", admin.id).execute();
  const db = getDb();
  await db
    .insertInto("admin_two_factor")
    .values({ admin_id: admin.id, secret_encrypted: "x.y.z", enabled_at: nowIso() })
    .execute();
  await db
    .insertInto("admin_recovery_codes")
    .values({ admin_id: admin.id, code_hash: `hash-${admin.id}` })
    .execute();
  await db
    .insertInto("admin_passkeys")
    .values({ admin_id: admin.id, credential_id: `cred-${admin.id}`, public_key: "key", name: "Lost phone" })
    .execute();
  await db
    .insertInto("admin_sessions")
    .values({ id: `session-${admin.id}`, admin_id: admin.id, data: "{}", expires_at: "2999-01-01T00:00:00.000Z" })
    .execute();
  return { ...admin, email, name: "Yusuf Ali" };
}

const rowsOf = async (
  table: "admin_two_factor" | "admin_recovery_codes" | "admin_passkeys" | "admin_sessions",
  id: number,
) => (await getDb().selectFrom(table).select("admin_id").where("admin_id", "=", id).execute()).length;

async function ownerCookie(username: string): Promise<string> {
  const response = (await callRoute(login.action, "/admin/login", {
    form: { username, password: PASSWORD, redirectTo: "/admin/team" },
    clientAddress: "198.51.100.90",
  })) as Response;
  expect(response.headers.get("Location")).toBe("/admin/team");
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

describe("resetting someone's two-factor on the Team screen", () => {
  it("asks to confirm, removes the app, codes and passkeys, signs them out, mails once; their password then signs in alone", async () => {
    const owner = await createTestAdmin(PASSWORD, ["owner"]);
    const person = await lockedOutPerson();
    const context = makeContext("198.51.100.90", owner.admin);

    const page = (await callRoute(team.loader, `/admin/team?reset-two-factor=${person.id}`, { context })) as Awaited<
      ReturnType<typeof team.loader>
    >;
    expect(page.resetting).toMatchObject({ id: person.id, two_factor_app: true, passkeys: 1 });
    expect(page.staff.find((member) => member.id === person.id)).toMatchObject({ two_factor_app: true, passkeys: 1 });

    // Without a recent password (no session note), the owner is asked for it and brought back here.
    const asked = (await callRoute(team.action, "/admin/team", {
      form: { intent: "reset-two-factor", id: String(person.id) },
      context,
    })) as Response;
    expect(asked.headers.get("Location")).toBe(
      `/admin/security/confirm-password?redirectTo=${encodeURIComponent(`/admin/team?reset-two-factor=${person.id}`)}`,
    );
    expect(await rowsOf("admin_two_factor", person.id)).toBe(1);

    const cookie = await ownerCookie(owner.admin.username);
    const done = (await callRoute(team.action, "/admin/team", {
      form: { intent: "reset-two-factor", id: String(person.id) },
      headers: { Cookie: cookie },
      context,
    })) as Response;
    expect(done.headers.get("Location")).toBe(`/admin/team?two-factor-reset=${person.id}`);
    for (const table of ["admin_two_factor", "admin_recovery_codes", "admin_passkeys", "admin_sessions"] as const) {
      expect(await rowsOf(table, person.id), table).toBe(0);
    }
    const mail = await getDb()
      .selectFrom("outbound_mail")
      .select(["subject", "text_body"])
      .where("to_address", "=", person.email)
      .where("kind", "=", "two-factor-reset")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain("the authenticator app (and its recovery codes) and 1 passkey removed");
    const audit = await getDb()
      .selectFrom("audit_entries")
      .select(["summary"])
      .where("entity", "=", "staff")
      .where("entity_id", "=", String(person.id))
      .where("action", "=", "two-factor-reset")
      .execute();
    expect(audit).toHaveLength(1);

    const signIn = (await callRoute(login.action, "/admin/login", {
      form: { username: person.username, password: PASSWORD, redirectTo: "/admin" },
      clientAddress: "198.51.100.91",
    })) as Response;
    expect(signIn.headers.get("Location")).toBe("/admin");

    // Nothing left to reset: said in words above the list, not a 500.
    const again = await callRoute(team.action, "/admin/team", {
      form: { intent: "reset-two-factor", id: String(person.id) },
      headers: { Cookie: cookie },
      context,
    });
    expect(JSON.stringify(again)).toContain("has no two-factor sign-in to reset");
  });
});

describe("DELETE /api/staff/{id}/two-factor", () => {
  const reset = (id: number | string, auth: Record<string, string>) =>
    callApi(resetApi.action, `/api/staff/${id}/two-factor`, {
      method: "DELETE",
      params: { id: String(id) },
      headers: auth,
    });

  it("resets with a fresh token, and answers 403 for one's own, 404 for nobody, 409 for nothing to reset", async () => {
    const owner = await createTestAdmin(PASSWORD, ["owner"]);
    const person = await lockedOutPerson();
    const answer = await reset(person.id, owner.auth);
    expect(answer).toMatchObject({
      status: 200,
      body: { id: person.id, two_factor_app: false, passkeys: 0, removed: { two_factor_app: true, passkeys: 1 } },
    });
    const listed = await callApi(staffApi.loader, `/api/staff/${person.id}`, {
      params: { id: String(person.id) },
      headers: owner.auth,
    });
    expect(listed.body).toMatchObject({ two_factor_app: false, passkeys: 0 });

    expect((await reset(person.id, owner.auth)).status).toBe(409);
    expect((await reset(owner.admin.id, owner.auth)).status).toBe(403);
    expect((await reset(999_999, owner.auth)).status).toBe(404);
    expect((await reset("someone", owner.auth)).status).toBe(404);
  });

  it("asks for the password again when the token is older than 10 minutes", async () => {
    const owner = await createTestAdmin(PASSWORD, ["owner"]);
    const person = await lockedOutPerson();
    await getDb()
      .updateTable("api_tokens")
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where("admin_id", "=", owner.admin.id)
      .execute();
    const answer = await reset(person.id, owner.auth);
    expect(answer).toMatchObject({ status: 403, body: { reauthentication_required: true } });
    expect(await rowsOf("admin_two_factor", person.id)).toBe(1);
  });
});
