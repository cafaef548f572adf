import { afterEach, describe, expect, it, vi } from "vitest";
import { runAdminPasswordCli } from "~/staff/accounts/server/admin-password-cli.server";
import { signInAdmin } from "~/staff/accounts/server/admins.server";
import { createTestAdmin } from "../../../../tests/support/admins";

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

  it("creates an admin with a new name", async () => {
    const printed = captureOutput();
    expect(await runAdminPasswordCli(["new-staff", "--generate"])).toBe(0);
    expect(printed.join("\n")).toMatch(/Admin new-staff created/);
  });

  it("explains its usage without a username", async () => {
    const errors = vi.mocked(console.error);
    expect(await runAdminPasswordCli([])).toBe(2);
    expect(errors.mock.calls[0]?.[0]).toMatch(/Usage: npm run admin:password/);
    errors.mockClear();
  });
});
