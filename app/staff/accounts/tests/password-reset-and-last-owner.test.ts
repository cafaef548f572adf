import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as apiStaffMember from "~/staff/accounts/routes/api-staff-member";
import * as forgotPage from "~/staff/accounts/routes/admin-forgot-password";
import * as resetPage from "~/staff/accounts/routes/admin-reset-password";
import * as teamScreen from "~/staff/accounts/routes/admin-team";
import * as loginPage from "~/staff/sign-in/routes/admin-login";
import { signInAdmin } from "~/staff/accounts/server/admins.server";
import { passwordResetsSettled } from "~/staff/accounts/server/team.server";
import { issueApiToken } from "~/staff/sign-in/server/api-tokens.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";

let addressCounter = 0;
/** Each test asks from its own address, so the per-address limit is its own. */
function freshAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

async function withEmail(email: string, roles: Parameters<typeof createTestAdmin>[1] = ["editor"]) {
  const person = await createTestAdmin("the-old-password", roles);
  await getDb().updateTable("admins").set({ email, name: "Yusuf Rahman" }).where("id", "=", person.admin.id).execute();
  return person;
}

/** Asks for a reset link and waits for the work done after the answer (the lookup and the mail). */
async function askForReset(email: string, clientAddress = freshAddress()) {
  const answer = unwrapData(
    await callRoute(forgotPage.action, "/admin/forgot-password", { form: { email }, clientAddress }),
  );
  await passwordResetsSettled();
  return answer;
}

async function mailsTo(email: string, kind: string) {
  return getDb()
    .selectFrom("outbound_mail")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .where("kind", "=", kind)
    .orderBy("id")
    .execute();
}

function resetToken(text: string): string {
  const token = /\/admin\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function chooseNewPassword(token: string, password: string) {
  return unwrapData(
    await callRoute(resetPage.action, `/admin/reset-password/${token}`, {
      form: { password, confirm: password },
      params: { token },
      clientAddress: "203.0.113.200",
    }),
  );
}

describe("forgot your password?", () => {
  it("answers the same whether or not the address is known, and mails only a known one", async () => {
    await withEmail("yusuf@example.org");
    const known = await askForReset("Yusuf@Example.org");
    const unknown = await askForReset("nobody@example.org");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.data as object)).toEqual(Object.keys(unknown.data as object));
    expect(await mailsTo("nobody@example.org", "staff-password-reset")).toEqual([]);
    const [mail] = await mailsTo("yusuf@example.org", "staff-password-reset");
    expect(mail!.subject).toBe("Choose a new password");
    expect(mail!.text_body).toMatch(/60 minutes/);
  });

  it("answers in the same words and as quickly for any address: the address is looked up only after the answer", async () => {
    await withEmail("khadija@example.org");
    const ask = async (email: string) => {
      const answer = unwrapData(
        await callRoute(forgotPage.action, "/admin/forgot-password", {
          form: { email },
          clientAddress: freshAddress(),
        }),
      );
      // Answered, and nothing yet written for either: no link, no mail, no audit entry.
      const written = await getDb().selectFrom("outbound_mail").select("id").where("to_address", "=", email).execute();
      expect(written).toEqual([]);
      // The page has no loader of its own: what a visitor reads is drawn from the answer alone.
      const page = { default: forgotPage.default, loader: () => null };
      const text = await screenText(page, "/admin/forgot-password", answer.data);
      return { status: answer.status, text: text.replaceAll(email, "ADDRESS") };
    };
    const known = await ask("khadija@example.org");
    const unknown = await ask("no-one-here@example.org");
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    expect(known.text).toContain("ADDRESS");

    await passwordResetsSettled();
    expect(await mailsTo("khadija@example.org", "staff-password-reset")).toHaveLength(1);
    expect(await mailsTo("no-one-here@example.org", "staff-password-reset")).toEqual([]);
  });

  it("a new password ends every session and API token, mails that it changed, and uses the link up", async () => {
    const person = await withEmail("maryam@example.org", ["finance"]);
    await issueApiToken(person.admin);
    await getDb()
      .insertInto("admin_sessions")
      .values({
        id: `reset-session-${person.admin.id}`,
        admin_id: person.admin.id,
        data: JSON.stringify({ adminId: person.admin.id }),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();
    await askForReset("maryam@example.org");
    const [mail] = await mailsTo("maryam@example.org", "staff-password-reset");
    const token = resetToken(mail!.text_body);

    const page = unwrapData(await callRoute(resetPage.loader, `/admin/reset-password/${token}`, { params: { token } }));
    expect(page).toMatchObject({ status: 200, data: { person: { username: person.admin.username } } });

    const short = await chooseNewPassword(token, "short");
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.data)).toMatch(/at least 8 characters/);

    const done = await chooseNewPassword(token, "a-brand-new-password");
    // Not the used-up link's page again (a 404): the sign-in page, which says the password was changed.
    expect(done.status).toBe(302);
    expect(new Headers(done.headers).get("Location")).toBe("/admin/login?reset=done");
    const signInPage = await screenText(loginPage, "/admin/login?reset=done");
    expect(signInPage).toContain(
      "Your password was changed. You were signed out everywhere, and your API tokens no longer work: " +
        "sign in with your new password.",
    );
    expect(signInPage).toContain("Admin sign-in");
    expect(await screenText(loginPage, "/admin/login")).not.toContain("Your password was changed");
    for (const table of ["admin_sessions", "api_tokens"] as const) {
      const left = await getDb().selectFrom(table).select("admin_id").where("admin_id", "=", person.admin.id).execute();
      expect(left).toEqual([]);
    }
    const [changed] = await mailsTo("maryam@example.org", "staff-password-changed");
    expect(changed!.subject).toBe("Your password was changed");
    await expect(signInAdmin(person.admin.username, "the-old-password", "203.0.113.201")).rejects.toThrow();
    expect(await signInAdmin(person.admin.username, "a-brand-new-password", "203.0.113.202")).toMatchObject({
      id: person.admin.id,
    });

    const again = await chooseNewPassword(token, "yet-another-password");
    expect(again).toMatchObject({ status: 404, data: { gone: true } });
    const reopened = unwrapData(
      await callRoute(resetPage.loader, `/admin/reset-password/${token}`, { params: { token } }),
    );
    expect(reopened).toMatchObject({ status: 404, data: { person: null } });

    const actions = await getDb()
      .selectFrom("audit_entries")
      .select("action")
      .where("entity", "=", "staff")
      .where("entity_id", "=", String(person.admin.id))
      .where("action", "not like", "sign-in%")
      .orderBy("id")
      .execute();
    expect(actions.map((row) => row.action)).toEqual(["password-reset-requested", "password-reset"]);
  });

  it("stops a link after an hour", async () => {
    await withEmail("hour@example.org");
    await askForReset("hour@example.org");
    const token = resetToken((await mailsTo("hour@example.org", "staff-password-reset"))[0]!.text_body);
    await getDb()
      .updateTable("staff_password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "!=", "")
      .execute();
    expect(await chooseNewPassword(token, "too-late-password")).toMatchObject({ status: 404, data: { gone: true } });
  });

  it("mails nothing to a deactivated person", async () => {
    const person = await withEmail("gone@example.org");
    await getDb().updateTable("admins").set({ active: 0 }).where("id", "=", person.admin.id).execute();
    expect((await askForReset("gone@example.org")).status).toBe(200);
    expect(await mailsTo("gone@example.org", "staff-password-reset")).toEqual([]);
  });

  it("limits asking per address asked for, known or not", async () => {
    for (let i = 0; i < 3; i += 1) expect((await askForReset("limited@example.org")).status).toBe(200);
    const refused = await askForReset("limited@example.org");
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toMatch(/Too many requests/);
  });

  it("refuses a malformed address with a field error", async () => {
    const refused = await askForReset("not an address");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toMatch(/valid email/);
  });
});

describe("the last active owner", () => {
  it("can be neither demoted nor deactivated, by the API or the Team screen", async () => {
    const last = await createTestAdmin("a-strong-password", ["owner"]);
    // Everyone else steps down, so this is the last active owner.
    await getDb().updateTable("admins").set({ roles: "editor" }).where("id", "!=", last.admin.id).execute();

    for (const body of [{ roles: ["editor"] }, { active: false }]) {
      const refused = await callApi(apiStaffMember.action, `/api/staff/${last.admin.id}`, {
        method: "PATCH",
        body,
        headers: last.auth,
        params: { id: String(last.admin.id) },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(/last active owner/);
    }
    // Roles ask for the password again when it was given over 10 minutes ago (here: never, in this request).
    const stale = unwrapData(
      await callRoute(teamScreen.action, "/admin/team", {
        form: { intent: "roles", id: String(last.admin.id), roles: "finance" },
        context: makeContext("203.0.113.250", last.admin),
      }),
    );
    expect(stale.status).toBe(302);
    // It comes back with the roles that were ticked, so nothing chosen is lost.
    const back = `/admin/team?edit=${last.admin.id}&roles=finance`;
    expect(new Headers(stale.headers).get("Location")).toBe(
      `/admin/security/confirm-password?${new URLSearchParams({ redirectTo: back })}`,
    );
    const reopened = (await callRoute(teamScreen.loader, back, {
      context: makeContext("203.0.113.250", last.admin),
    })) as Awaited<ReturnType<typeof teamScreen.loader>>;
    expect(reopened).toMatchObject({ editing: { id: last.admin.id }, tickedRoles: ["finance"] });
    // A token made moments ago by POST /api/auth/login counts as the password just given.
    const screen = { context: makeContext("203.0.113.250", last.admin), headers: last.auth };
    const demoted = unwrapData(
      await callRoute(teamScreen.action, "/admin/team", {
        form: { intent: "roles", id: String(last.admin.id), roles: "finance" },
        ...screen,
      }),
    );
    expect(demoted.status).toBe(409);
    expect((demoted.data as { result: { error: Record<string, string[]> } }).result.error.roles![0]).toMatch(
      /last active owner/,
    );
    const deactivated = unwrapData(
      await callRoute(teamScreen.action, "/admin/team", {
        form: { intent: "deactivate", id: String(last.admin.id) },
        ...screen,
      }),
    );
    expect(deactivated).toMatchObject({ status: 409, data: { refused: expect.stringMatching(/last active owner/) } });
    const row = await getDb()
      .selectFrom("admins")
      .select(["roles", "active"])
      .where("id", "=", last.admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ roles: "owner", active: 1 });

    // With a second owner, the first may step down.
    const second = await createTestAdmin("a-strong-password", ["owner"]);
    const stepped = await callApi(apiStaffMember.action, `/api/staff/${last.admin.id}`, {
      method: "PATCH",
      body: { roles: ["finance"] },
      headers: second.auth,
      params: { id: String(last.admin.id) },
    });
    expect(stepped).toMatchObject({ status: 200, body: { roles: ["finance"] } });
  });
});
