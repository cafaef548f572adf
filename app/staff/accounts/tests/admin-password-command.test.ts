import { afterEach, describe, expect, it, vi } from "vitest";
import { runAdminPasswordCli } from "~/staff/accounts/server/admin-password-cli.server";
import { signInAdmin } from "~/staff/accounts/server/admins.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { getDb } from "~/lib/db.server";

/** Captures what the command prints, the way an operator would read it. */
function captureOutput() {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...parts) => void lines.push(parts.join(" ")));
  return lines;
}

afterEach(() => {
  vi.mocked(console.log).mockRestore?.();
});

describe("npm run admin:password", () => {
  it("sets a generated password that then signs in, and signs the admin out elsewhere", async () => {
    const { admin } = await createTestAdmin("old-password");
    const printed = captureOutput();
    expect(await runAdminPasswordCli([admin.username, "--generate"])).toBe(0);
    const password = printed.find((line) => line.startsWith("New password: "))!.slice("New password: ".length);
    await expect(signInAdmin(admin.username, password, "cli-test")).resolves.toMatchObject({ id: admin.id });
    await expect(signInAdmin(admin.username, "old-password", "cli-test")).rejects.toThrow(
      "Invalid username or password",
    );
  });

  it("mails the person that their password was changed, once, and the audit trail keeps who did it", async () => {
    const { admin } = await createTestAdmin("old-password");
    const email = `${admin.username}@example.org`;
    await getDb().updateTable("admins").set({ email }).where("id", "=", admin.id).execute();
    const printed = captureOutput();
    expect(await runAdminPasswordCli([admin.username, "--generate"])).toBe(0);
    const password = printed.find((line) => line.startsWith("New password: "))!.slice("New password: ".length);

    const mail = await getDb()
      .selectFrom("outbound_mail")
      .select(["subject", "text_body"])
      .where("to_address", "=", email)
      .where("kind", "=", "staff-password-changed")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain(admin.username);
    expect(mail[0]!.text_body).not.toContain(password);
    const entries = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("entity", "=", "staff")
      .where("entity_id", "=", String(admin.id))
      .where("action", "=", "password-set")
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: null, actor_name: "admin:password command" });
    expect(JSON.stringify(entries)).not.toContain(password);
  });

  it("creates an owner with a new name, and the trail keeps that the command made them", async () => {
    const printed = captureOutput();
    expect(await runAdminPasswordCli(["new-staff", "--generate"])).toBe(0);
    expect(printed.join("\n")).toMatch(/Admin new-staff created/);
    const person = await getDb()
      .selectFrom("admins")
      .select(["id", "roles"])
      .where("username", "=", "new-staff")
      .executeTakeFirstOrThrow();
    expect(person.roles).toContain("owner");
    const created = await getDb()
      .selectFrom("audit_entries")
      .select(["actor_id", "actor_name"])
      .where("entity", "=", "staff")
      .where("entity_id", "=", String(person.id))
      .where("action", "=", "create")
      .execute();
    expect(created).toEqual([{ actor_id: null, actor_name: "admin:password command" }]);
  });

  it("explains its usage without a username", async () => {
    const errors = vi.mocked(console.error);
    expect(await runAdminPasswordCli([])).toBe(2);
    expect(errors.mock.calls[0]?.[0]).toMatch(/Usage: npm run admin:password/);
    errors.mockClear();
  });
});
